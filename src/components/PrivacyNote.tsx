// One line under a form that collects personal data, linking to the privacy policy (docs/privacy.md).
import { privacyPath } from '../lib/links';

export function PrivacyNote({ lead }: { lead: string }) {
  return (
    <p className="privacy-note muted">
      {lead} Detalii în <a href={privacyPath()}>politica de confidențialitate</a>.
    </p>
  );
}
