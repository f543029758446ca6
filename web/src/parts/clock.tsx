import { useEffect, useState } from 'preact/hooks';
import { timeLeft } from '../play/moves';

/** A deadline counting down each second; `label` says whose it is. */
export function Countdown(props: { deadline: string | null; label: string }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!props.deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [props.deadline]);
  if (!props.deadline) return null;
  const left = Date.parse(props.deadline) - now;
  return (
    <p class={`countdown ${left < 3600_000 ? 'low' : ''}`} data-testid="deadline">
      {props.label}: <time dateTime={props.deadline} title={new Date(props.deadline).toLocaleString()}>{timeLeft(left)}</time> left
    </p>
  );
}
