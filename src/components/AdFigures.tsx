// What an ad does, as its author sees it on "Anunțurile mele" and in the ad's own panel
// (docs/stats.md): views, phone reveals, saves and conversations, the last 7 days and in total.
import { formatNumber } from '../lib/plural';

export interface AdFiguresProps {
  views: { week: number; total: number };
  reveals: { week: number; total: number };
  favourites: { week: number; total: number };
  messages: { week: number; total: number };
}

const ROWS: { key: keyof AdFiguresProps; label: string }[] = [
  { key: 'views', label: 'Vizualizări' },
  { key: 'reveals', label: 'Telefon afișat' },
  { key: 'favourites', label: 'Salvări' },
  { key: 'messages', label: 'Conversații' },
];

export function AdFigures(props: AdFiguresProps) {
  return (
    <table className="ad-figures">
      <caption className="visually-hidden">Statisticile anunțului</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Ce</span>
          </th>
          <th scope="col">7 zile</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => (
          <tr key={row.key} data-figure={row.key}>
            <th scope="row">{row.label}</th>
            <td>{formatNumber(props[row.key].week)}</td>
            <td>{formatNumber(props[row.key].total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
