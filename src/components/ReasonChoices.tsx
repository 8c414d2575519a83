// The radio list of a report's reasons (an ad's or a conversation's), the first one chosen.

export function ReasonChoices({ reasons }: { reasons: readonly string[] }) {
  return (
    <fieldset>
      <legend>Motivul</legend>
      {reasons.map((reason, i) => (
        <label key={reason} className="report__reason">
          <input type="radio" name="reason" value={reason} required defaultChecked={i === 0} /> {reason}
        </label>
      ))}
    </fieldset>
  );
}
