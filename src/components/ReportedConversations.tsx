// `/moderare`: conversations a participant reported, which operators may now read.
import type { ReportedConversation } from '../db/conversations';
import { formatDate } from '../lib/dates';
import { route } from '../lib/links';

export function ReportedConversations({ items }: { items: ReportedConversation[] }) {
  return (
    <section aria-labelledby="reported-conversations-title" className="moderation__section" id="conversatii">
      <h2 id="reported-conversations-title">Conversații raportate</h2>
      {items.length === 0 ? (
        <p className="muted">Nicio conversație raportată.</p>
      ) : (
        <ul className="reported-conversations">
          {items.map((item) => (
            <li key={item.id}>
              <a href={route('conversation', { id: item.id })}>
                {item.buyerName} și {item.sellerName} — {item.postTitle}
              </a>
              <br />
              <span className="muted">
                Raportată de {item.reporterName} pe {formatDate(item.reportedAt, 'longTime')}:{' '}
                {item.reportReason}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
