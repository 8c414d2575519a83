// One queue item on its own page (`/moderare/anunt/<id>`): the ad with its reports and marks, who is
// looking at it, and the decisions; each decision opens the next item (docs/moderation.md#queue).
import { formatDate } from '../lib/dates';
import { type ModerationRow, PostRow } from './ModerationPage';

export interface ModerationItemPageProps {
  row: ModerationRow;
  /** The claim in force after opening: this operator's, or another's still running. */
  claim: { operatorUserId: number; operatorName: string; expiresAt: number };
  operatorUserId: number;
  queueHref: string;
  hideReasons: readonly string[];
  minPromotionDate: string;
  defaultPromotionDate: string;
}

export function ModerationItemPage(props: ModerationItemPageProps) {
  const mine = props.claim.operatorUserId === props.operatorUserId;
  return (
    <section className="moderation" id="moderare">
      <p>
        <a href={props.queueHref}>‹ Înapoi la coadă</a>
      </p>
      <h1>Decizie de moderare</h1>
      {mine ? null : (
        <p className="notice notice--warning" role="alert">
          {`Îl verifică deja ${props.claim.operatorName} (până la ${formatDate(props.claim.expiresAt, 'time')}). Decideți doar dacă v-ați înțeles cu colegul.`}
        </p>
      )}
      <PostRow row={{ ...props.row, itemHref: undefined }} prefix="r" props={props} next />
    </section>
  );
}
