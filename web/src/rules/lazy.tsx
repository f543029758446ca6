// The rules pages, loaded when first opened: their text and examples are a
// chunk of their own, so the rest of the client does not carry them.

import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import './rules.css';

type Props = { game: string; variant?: string };

let loaded: FunctionComponent<Props> | null = null;

/** `/rules/{game}[/{edition}]`, once its chunk has come. */
export function LazyRulesPage(props: Props) {
  const [Page, setPage] = useState<FunctionComponent<Props> | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Page) return;
    import('./page').then(
      (module) => {
        loaded = module.RulesPage;
        setPage(() => module.RulesPage);
      },
      () => setFailed(true),
    );
  }, []);
  if (failed) {
    return (
      <section class="panel">
        <h1>Rules</h1>
        <p class="error" role="alert">The rules could not be loaded. Check the connection and reload the page.</p>
      </section>
    );
  }
  return Page ? <Page {...props} /> : <p class="panel">Loading the rules…</p>;
}
