// The ad page's photos: arrows, arrow keys and thumbnails move the server-rendered strip (no page
// load; the frame's size never changes), and the main photo opens a full-screen <dialog> viewer with
// swipe, arrows, arrow keys, pinch and double-tap zoom, the next photo fetched ahead, and the back
// button closing it. Without JavaScript the strip scrolls and the thumbnails are anchors.
const root = document.querySelector<HTMLElement>('[data-island="gallery"]');
if (root) installGallery(root);

function installGallery(root: HTMLElement) {
  const q = <T extends Element>(sel: string, from: ParentNode = root) => from.querySelector(sel) as T;
  const strip = q<HTMLElement>('.gallery__strip');
  const slides = [...strip.children] as HTMLElement[];
  const n = slides.length;
  const thumbs = [...root.querySelectorAll<HTMLAnchorElement>('.gallery__thumbs a')];
  const dialog = q<HTMLDialogElement>('dialog');
  const stage = q<HTMLElement>('.viewer__stage', dialog);
  const big = q<HTMLImageElement>('img', stage);
  const count = q<HTMLElement>('.viewer__count', dialog);
  const imgOf = (i: number) => q<HTMLImageElement>('img', slides[i]);
  const wrap = (i: number) => (i + n) % n;
  const size = (img: HTMLImageElement, a: 'width' | 'height') => Number(img.getAttribute(a));
  let cur = 0;
  let v = 0;
  let pushed = false;

  root.dataset.ready = '';
  for (const b of root.querySelectorAll<HTMLElement>('.gallery__nav')) b.hidden = false;
  big.loading = 'eager';

  /** Shows slide i in the strip; `instant` skips the smooth scroll. */
  function show(i: number, instant?: boolean) {
    cur = wrap(i);
    strip.scrollTo({ left: cur * strip.clientWidth, behavior: instant ? 'instant' : undefined });
    mark();
  }
  function mark() {
    thumbs.forEach((t, i) => {
      if (i === cur) t.setAttribute('aria-current', 'true');
      else t.removeAttribute('aria-current');
    });
    const t = thumbs[cur];
    const list = t?.closest('ol');
    if (list) list.scrollLeft = t.offsetLeft - (list.clientWidth - t.offsetWidth) / 2;
    ahead();
  }
  /** The neighbours are fetched ahead of a swipe; not before the visitor reaches for the gallery. */
  function ahead() {
    imgOf(wrap(cur + 1)).loading = 'eager';
    imgOf(wrap(cur - 1)).loading = 'eager';
  }
  for (const type of ['pointerover', 'touchstart', 'focusin'])
    root.addEventListener(type, ahead, { once: true, passive: true });
  // A swipe (native scroll-snap) moves the strip: follow it once it settles.
  let settle = 0;
  strip.addEventListener('scroll', () => {
    clearTimeout(settle);
    settle = window.setTimeout(() => {
      const i = Math.round(strip.scrollLeft / strip.clientWidth);
      if (i !== cur) {
        cur = i;
        mark();
      }
    }, 120);
  });
  if (/^#foto-\d+$/.test(location.hash)) {
    cur = wrap(Number(location.hash.slice(6)) - 1);
    mark();
  }

  root.addEventListener('click', (e) => {
    const el = e.target as Element;
    const open = el.closest('.gallery__open');
    const nav = el.closest('.gallery__nav, .viewer__nav');
    const thumb = el.closest<HTMLAnchorElement>('.gallery__thumbs a');
    if (open) openViewer(slides.indexOf(open.parentElement as HTMLElement));
    else if (el.closest('.viewer__close')) dialog.close();
    else if (nav) {
      const step = nav.className.includes('prev') ? -1 : 1;
      if (dialog.open) view(v + step);
      else show(cur + step);
    } else if (thumb) {
      e.preventDefault();
      show(thumbs.indexOf(thumb));
    }
  });
  root.addEventListener('keydown', (e) => {
    const step = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
    if (!step || e.altKey || e.ctrlKey || e.metaKey || n < 2) return;
    e.preventDefault();
    if (dialog.open) view(v + step);
    else show(cur + step);
  });

  // ——— The viewer ———
  /** The srcset of a slide plus its full-size WebP; sizes = the largest box the screen holds. */
  function load(img: HTMLImageElement, i: number) {
    const s = slides[i];
    const small = imgOf(i);
    img.sizes = `min(100vw, ${((100 * size(small, 'width')) / size(small, 'height')).toFixed(2)}vh)`;
    img.srcset = `${small.srcset}, ${s.dataset.full} ${s.dataset.fw}w`;
    img.src = s.dataset.full as string;
  }
  function view(i: number) {
    v = wrap(i);
    zoom(1, 0, 0);
    const small = imgOf(v);
    big.width = size(small, 'width');
    big.height = size(small, 'height');
    load(big, v);
    big.alt = `Fotografia ${v + 1} din ${n}`;
    count.textContent = `${v + 1} / ${n}`;
    if (n > 1) load(new Image(), wrap(v + 1));
  }
  function openViewer(i: number) {
    view(i);
    dialog.showModal();
    q<HTMLElement>('.viewer__close', dialog).focus();
    history.pushState({ viewer: 1 }, '');
    pushed = true;
  }
  dialog.addEventListener('close', () => {
    if (pushed) {
      pushed = false;
      history.back();
    }
    show(v, true);
    q<HTMLElement>('.gallery__open', slides[v]).focus({ preventScroll: true });
  });
  window.addEventListener('popstate', () => {
    if (!dialog.open) return;
    pushed = false;
    dialog.close();
  });

  // Pointers on the stage: one finger swipes (or pans a zoomed photo), two pinch, a double tap zooms.
  let scale = 1;
  let tx = 0;
  let ty = 0;
  function zoom(s: number, x: number, y: number, animate?: boolean) {
    scale = s;
    tx = x;
    ty = y;
    big.style.transition = animate ? 'transform .2s' : '';
    big.style.transform = s === 1 && !x ? '' : `translate(${x}px,${y}px) scale(${s})`;
  }
  const pts = new Map<number, PointerEvent>();
  let sx = 0;
  let sy = 0;
  let bx = 0;
  let by = 0;
  let dist0 = 0;
  let scale0 = 1;
  let moved = false;
  let lastTap = 0;
  const gap = () => {
    const p = [...pts.values()];
    return Math.hypot(p[0].clientX - p[1].clientX, p[0].clientY - p[1].clientY);
  };
  const begin = (e: PointerEvent) => {
    sx = e.clientX;
    sy = e.clientY;
    bx = tx;
    by = ty;
  };
  stage.addEventListener('pointerdown', (e) => {
    if (e.target !== big) return;
    e.preventDefault();
    pts.set(e.pointerId, e);
    if (pts.size === 2) {
      dist0 = gap();
      scale0 = scale;
      moved = true;
    } else {
      begin(e);
      moved = false;
    }
  });
  stage.addEventListener('pointermove', (e) => {
    if (!pts.has(e.pointerId)) return;
    pts.set(e.pointerId, e);
    const dx = e.clientX - sx;
    const dy = e.clientY - sy;
    if (Math.abs(dx) + Math.abs(dy) > 8) moved = true;
    if (pts.size === 2) zoom(Math.min(4, Math.max(1, (scale0 * gap()) / dist0)), tx, ty);
    else if (scale > 1) zoom(scale, bx + dx, by + dy);
    else big.style.transform = `translateX(${dx}px)`;
  });
  const end = (e: PointerEvent) => {
    if (!pts.delete(e.pointerId)) return;
    const rest = [...pts.values()][0];
    if (rest) return begin(rest);
    const dx = e.clientX - sx;
    if (e.type === 'pointercancel') return zoom(scale, tx, ty);
    if (scale === 1 && Math.abs(dx) > 50) return view(v + (dx < 0 ? 1 : -1));
    if (scale === 1) zoom(1, 0, 0, true);
    if (moved) return;
    if (e.timeStamp - lastTap < 350) {
      lastTap = 0;
      if (scale > 1) return zoom(1, 0, 0, true);
      // Zoom in around the tapped point: it stays under the finger.
      const r = big.getBoundingClientRect();
      const s = 2.5;
      zoom(
        s,
        (e.clientX - r.left - r.width / 2) * (1 - s),
        (e.clientY - r.top - r.height / 2) * (1 - s),
        true,
      );
    } else lastTap = e.timeStamp;
  };
  stage.addEventListener('pointerup', end);
  stage.addEventListener('pointercancel', end);
}
