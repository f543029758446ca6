// `/rules/{game}` and `/rules/{game}/{edition}`: a game's rules for a
// player, as the game keeps them and the server's catalog serves them
// (`GET /api/games/catalog/{game}/rules`), with the examples to step
// through, each position drawn by the client's one board from the server's
// board model (`POST /api/positions`). Loaded as a chunk of its own; the
// client holds no rules text.

import { useEffect, useState } from 'preact/hooks';
import { entryFor, useCatalog } from '../api/catalog';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { CatalogGame, PositionView, RulesBlock, RulesPage as Rules } from '../api/types';
import { Board } from '../boards/Board';
import { Legend } from '../boards/Legend';
import { shownIn } from './shown';
import { type Example, type Step, caption, keyStep, positionRequest, refusalsAt, stepTo } from './steps';

/** Each game's rules page, fetched once (again after a failure). */
const pages = new Map<string, Promise<Rules>>();

function loadRules(game: string): Promise<Rules> {
  let page = pages.get(game);
  if (!page) {
    page = api.getRules(game);
    pages.set(game, page);
    page.catch(() => pages.delete(game));
  }
  return page;
}
const NOTHING = new Set<string>();
const NO_PICK: string[] = [];
const ignore = () => {};

/** Text with `code` in backquotes. */
function Inline(props: { text: string }) {
  return <>{props.text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

/** An example: its board after each move, the moves to click, and the buttons and keys to step. */
function ExampleView(props: { example: Example; entry: CatalogGame | null }) {
  const { example, entry } = props;
  const count = example.moves.length;
  const [at, setAt] = useState(0);
  const [views, setViews] = useState<(PositionView | undefined)[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (views[at]) return;
    let gone = false;
    api.position(positionRequest(example, at)).then(
      (view) => {
        if (gone) return;
        setError(null);
        setViews((held) => {
          const next = held.slice();
          next[at] = view;
          return next;
        });
      },
      (e) => !gone && setError(problemText(e)),
    );
    return () => {
      gone = true;
    };
  }, [at]);

  // The board shown: the one asked for, or the last one drawn while it comes.
  const shown = views[at] ?? views.slice(0, at + 1).reverse().find(Boolean) ?? views.find(Boolean);
  const step = (to: Step) => setAt((now) => stepTo(now, count, to));
  const onKey = (event: KeyboardEvent) => {
    const to = keyStep(event.key);
    if (!to) return;
    event.preventDefault();
    step(to);
  };
  const headingId = `example-${example.id}`;

  return (
    <figure
      class="rules-example"
      data-example={example.id}
      data-at={at}
      data-shown={views[at] ? at : undefined}
      data-position={views[at]?.position}
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>
        <Inline text={example.title} />
      </h3>
      {example.about && (
        <p>
          <Inline text={example.about} />
        </p>
      )}
      <div class="example-body">
        <div class="example-board">
          {shown ? (
            <Board
              board={shown.board}
              flipped={false}
              targets={NOTHING}
              selected={NO_PICK}
              lit={at === 0 && example.lit ? new Set(example.lit) : undefined}
              label={`${example.title}: ${at === 0 ? 'the start' : `after move ${at}`}`}
              onPlace={ignore}
            />
          ) : (
            <p class="hint board-placeholder">{error ? '' : 'Drawing the board…'}</p>
          )}
          {shown && <Legend board={shown.board} entry={entry} />}
        </div>
        <div class="example-steps" tabindex={0} onKeyDown={onKey} aria-label={`Moves of “${example.title}”: the arrow keys step through them`} role="group">
          <div class="steps">
            <button type="button" onClick={() => step('first')} disabled={at === 0} aria-label="The start" title="The start (Home)">«</button>
            <button type="button" onClick={() => step('back')} disabled={at === 0} data-step="back" title="One move back (←)">Previous</button>
            <button type="button" onClick={() => step('forward')} disabled={at >= count} data-step="forward" title="One move on (→)">Next</button>
            <button type="button" onClick={() => step('last')} disabled={at >= count} aria-label="The last move" title="The last move (End)">»</button>
          </div>
          <ol class="example-moves">
            <li>
              <button type="button" class={at === 0 ? 'current' : ''} aria-current={at === 0 ? 'step' : undefined} onClick={() => step(0)} data-ply={0}>
                Start
              </button>
            </li>
            {example.moves.map((m, i) => (
              <li key={i}>
                <button type="button" class={at === i + 1 ? 'current' : ''} aria-current={at === i + 1 ? 'step' : undefined} onClick={() => step(i + 1)} data-ply={i + 1}>
                  {i + 1}. {m.move}
                </button>
              </li>
            ))}
          </ol>
          <p class="caption" aria-live="polite" data-testid="caption">
            <Inline text={caption(example, at)} />
            {views[at] && views[at]!.status.state === 'over' ? ' The game is over.' : ''}
          </p>
          {refusalsAt(example, at).map((r) => (
            <p key={r.move} class="refused" data-testid="refused">
              Not allowed here: <code>{r.move}</code> — {r.rule}.
            </p>
          ))}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </figure>
  );
}

function BlockView(props: { block: RulesBlock; examples: Map<string, Example>; entry: CatalogGame | null }) {
  const { block } = props;
  if (block.p != null) {
    return (
      <p>
        <Inline text={block.p} />
      </p>
    );
  }
  const items = block.list ?? block.steps;
  if (items) {
    const children = items.map((item, i) => (
      <li key={i}>
        <Inline text={item} />
      </li>
    ));
    return block.list ? <ul>{children}</ul> : <ol>{children}</ol>;
  }
  if (block.table) {
    const [head, ...rows] = block.table;
    return (
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              {head.map((cell, i) => (
                <th key={i} scope="col">
                  <Inline text={cell} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) => (
                  <td key={i}>
                    <Inline text={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  const example = block.example ? props.examples.get(block.example) : undefined;
  return example ? <ExampleView example={example} entry={props.entry} /> : null;
}

/** A game's rules page; `variant` names an edition other than the default. */
export function RulesPage(props: { game: string; variant?: string }) {
  const catalog = useCatalog();
  const editions = catalog?.games.filter((g) => g.game === props.game) ?? [];
  const entry = entryFor(catalog, props.game, props.variant);
  const known = !catalog || (editions.length > 0 && (!props.variant || entry?.variant === props.variant));
  const [rules, setRules] = useState<Rules | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!known) return;
    let gone = false;
    setFailed(null);
    loadRules(props.game).then(
      (page) => !gone && setRules(page),
      (e) => !gone && setFailed(problemText(e)),
    );
    return () => {
      gone = true;
    };
  }, [props.game, known]);

  // After the page is drawn, go to the section the address names.
  const drawn = !!catalog && rules?.game === props.game;
  useEffect(() => {
    if (!drawn || !location.hash) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [drawn, props.game, props.variant]);

  useEffect(() => {
    if (entry) document.title = `How to play ${entry.name} · Arbiter`;
    return () => {
      document.title = 'Arbiter';
    };
  }, [entry?.name]);

  if (!known) {
    return (
      <section class="panel">
        <h1>No such rules</h1>
        <p>
          Arbiter has no rules page at {location.pathname}. The games: {(catalog?.games ?? []).filter((g) => !g.variant || g === entryFor(catalog, g.game)).map((g, i) => (
            <span key={g.rules}>
              {i > 0 && ', '}
              <a href={g.rules}>{g.name}</a>
            </span>
          ))}
          .
        </p>
      </section>
    );
  }
  if (failed) {
    return (
      <section class="panel">
        <h1>Rules</h1>
        <p class="error" role="alert">{failed}</p>
      </section>
    );
  }
  if (!catalog || !entry || !drawn || !rules) return <p class="panel">Loading the rules…</p>;

  const variant = entry.variant ?? undefined;
  const examples = new Map(rules.examples.map((e) => [e.id, e]));
  const sections = rules.sections.filter((s) => shownIn(s, variant));
  return (
    <article class="rules-page panel" data-game={props.game} data-variant={variant}>
      <h1>How to play {entry.name}</h1>
      {editions.length > 1 && (
        <nav class="editions" aria-label="Editions">
          {editions.map((g) => (
            <a key={g.rules} href={g.rules} aria-current={g.rules === entry.rules ? 'page' : undefined} title={g.about ?? undefined}>
              {g.name}
            </a>
          ))}
        </nav>
      )}
      {rules.intro.filter((b) => shownIn(b, variant)).map((block, i) => (
        <BlockView key={i} block={block} examples={examples} entry={entry} />
      ))}
      <nav class="contents" aria-label="Contents">
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>
                <Inline text={s.title} />
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <section key={section.id} id={section.id} class="rules-section">
          <h2>
            <Inline text={section.title} />
          </h2>
          {section.blocks.filter((b) => shownIn(b, variant)).map((block, i) => (
            <BlockView key={`${section.id}-${i}`} block={block} examples={examples} entry={entry} />
          ))}
        </section>
      ))}
      <p class="hint">
        The examples are played by the server under the same rules as every game. <a href="/">Back to the lobby</a>
      </p>
    </article>
  );
}
