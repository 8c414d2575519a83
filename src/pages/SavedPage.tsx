// `/salvate`: the ads a person saved. Signed in, from D1, with a price-drop mail choice per ad (plain
// forms); anonymous, from the ids the browser keeps (the favourites island passes them in `?ids=`).
// Ads sold, expired or no longer shown stay listed, marked as such.

import { CameraIcon, PinIcon } from '../components/Icons';
import { HeartIcon } from '../components/SaveHeart';
import { route } from '../lib/links';
import { ADS, plural } from '../lib/plural';

export type SavedState = 'active' | 'sold' | 'expired' | 'gone';

export interface SavedItem {
  postId: number;
  /** The ad page; null when the ad is gone. */
  href: string | null;
  title: string;
  price: string | null;
  locality: string | null;
  photoUrl: string | null;
  state: SavedState;
  /** Signed in: whether a lower price is mailed. */
  notify?: boolean;
  /** Signed in: the price when saved, when the ad is cheaper now. */
  savedPrice?: string | null;
}

export interface SavedPageProps {
  signedIn: boolean;
  items: SavedItem[];
  /** Where "Conectare" returns. */
  loginHref: string;
}

const STATE_LABEL: Record<Exclude<SavedState, 'active'>, string> = {
  sold: 'Vândut',
  expired: 'Expirat',
  gone: 'Nu mai este disponibil',
};

function Item({ item, signedIn }: { item: SavedItem; signedIn: boolean }) {
  const inactive = item.state !== 'active';
  return (
    <li className={inactive ? 'saved-item saved-item--inactive' : 'saved-item'} data-saved-item={item.postId}>
      <div className="saved-item__media">
        {item.photoUrl ? (
          <img src={item.photoUrl} width={96} height={72} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="saved-item__noimg" aria-hidden="true">
            <CameraIcon size={24} />
          </span>
        )}
      </div>
      <div className="saved-item__body">
        <h2 className="saved-item__title">{item.href ? <a href={item.href}>{item.title}</a> : item.title}</h2>
        <p className="saved-item__meta">
          {inactive ? (
            <span className="badge badge--state">
              {STATE_LABEL[item.state as Exclude<SavedState, 'active'>]}
            </span>
          ) : null}
          {item.price ? <strong>{item.price}</strong> : null}
          {item.savedPrice ? <s className="muted">{item.savedPrice}</s> : null}
          {item.locality ? (
            <span className="saved-item__place">
              <PinIcon size={14} />
              {item.locality}
            </span>
          ) : null}
        </p>
        <div className="saved-item__actions">
          {signedIn && item.state === 'active' ? (
            <form
              method="post"
              action={route('favouriteNotice', { postId: item.postId })}
              className="saved-item__notify"
            >
              <label>
                <input type="checkbox" name="notify" value="1" defaultChecked={item.notify} /> Anunță-mă pe
                e-mail când scade prețul
              </label>
              <button type="submit" className="btn btn--small">
                Salvează
              </button>
            </form>
          ) : null}
          <form
            method="post"
            action={route('favourite', { postId: item.postId })}
            data-save={item.postId}
            className="saved-item__remove"
          >
            <input type="hidden" name="do" value="scoate" />
            <button type="submit" className="btn btn--small btn--link">
              Scoate din Salvate
            </button>
          </form>
        </div>
      </div>
    </li>
  );
}

export function SavedPage({ signedIn, items, loginHref }: SavedPageProps) {
  return (
    <section className="saved">
      <h1>
        <HeartIcon size={24} /> Salvate
      </h1>
      <p className="muted">
        {items.length > 0 ? `Ați salvat ${plural(items.length, ADS)}.` : 'Nu ați salvat niciun anunț.'}
      </p>
      {signedIn ? null : (
        <p className="box saved__hint">
          Anunțurile salvate fără cont rămân doar în acest browser. <a href={loginHref}>Conectați-vă</a>{' '}
          pentru a le păstra pe toate dispozitivele și a afla pe e-mail când scade prețul.
        </p>
      )}
      {items.length > 0 ? (
        <ul className="saved__list">
          {items.map((item) => (
            <Item key={item.postId} item={item} signedIn={signedIn} />
          ))}
        </ul>
      ) : (
        <p>Apăsați inima de pe un anunț pentru a-l găsi aici mai târziu.</p>
      )}
    </section>
  );
}
