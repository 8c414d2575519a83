// A few ads for the fuzz tests to hit, so hostile input reaches past "not found" into the pages.
// Written directly (not the 200-ad demo seed): small tables keep each of the 10 000 requests cheap.
import { env } from 'cloudflare:workers';
import { AUTO_MOTO, FLATS, JOBS, REAL_ESTATE } from '../fixtures';

let done = false;

export async function seedForFuzz(): Promise<void> {
  if (done) return;
  done = true;
  const now = Date.now();
  try {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT OR IGNORE INTO users (id, clerk_id, email, name, role, banned, created_at, updated_at) VALUES (1, 'user_fuzz', 'fuzz@example.ro', 'Ion Fuzz', 'user', 0, ?1, ?1)",
      ).bind(now),
      ...[
        [1, REAL_ESTATE, FLATS, 'Apartament 2 camere Rădăuți', 'apartament-2-camere-radauti', 45000, 'EUR'],
        [2, AUTO_MOTO, null, 'Vând mașină Dacia Logan', 'vand-masina-dacia-logan', 3500, 'EUR'],
        [3, JOBS, null, 'Angajăm vânzătoare magazin', 'angajam-vanzatoare-magazin', 0, 'RON'],
      ].map(([id, cat, sub, title, slug, price, currency]) =>
        env.DB.prepare(
          "INSERT OR IGNORE INTO posts (id, user_id, category_id, subcategory_id, title, slug, description, search_text, price, currency, locality, phone, status, created_at, updated_at, published_at, bumped_at, expires_at) VALUES (?1, 1, ?2, ?3, ?4, ?5, 'O descriere destul de lungă pentru un anunț, sunați la 0744 123 456.', 'O descriere', ?6, ?7, 'Rădăuți', '0744123456', 'published', ?8, ?8, ?8, ?8, ?9)",
        ).bind(id, cat, sub, title, slug, price, currency, now, now + 30 * 86_400_000),
      ),
    ]);
  } catch (err) {
    // The schema moved on: the fuzz still runs against empty tables.
    console.warn('[fuzz] could not insert demo rows:', (err as Error).message);
  }
}
