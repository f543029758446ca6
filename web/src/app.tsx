import { useEffect, useState } from 'preact/hooks';
import { AccountPage } from './pages/account';
import { GamePage } from './pages/game';
import { LobbyPage } from './pages/lobby';
import { LeaderboardsPage } from './pages/leaderboards';
import { PlayerPage } from './pages/player';
import { SignInPage, SignUpPage } from './pages/sign';
import { ResetPage } from './pages/reset';
import { TournamentPage } from './pages/tournament';
import { TournamentsPage } from './pages/tournaments';
import { VerifyPage } from './pages/verify';
import { LazyRulesPage } from './rules/lazy';
import { NoticeBell } from './parts/notices';
import { SignOutButton } from './parts/sign-out';
import { onLinkClick, useRoute } from './router';
import { useSession } from './session';
import { applyTheme, currentTheme, type Theme } from './theme';

/** The page frame: the header with the account and the theme, then the page. */
export function App() {
  const route = useRoute();
  const me = useSession();
  const [theme, setTheme] = useState<Theme>(currentTheme);
  useEffect(() => applyTheme(theme), [theme]);
  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    applyTheme(next, true);
    setTheme(next);
  };

  let page;
  switch (route.page) {
    case 'lobby':
      page = <LobbyPage />;
      break;
    case 'signin':
      page = <SignInPage />;
      break;
    case 'signup':
      page = <SignUpPage />;
      break;
    case 'account':
      page = <AccountPage />;
      break;
    case 'verify':
      page = <VerifyPage />;
      break;
    case 'reset':
      page = <ResetPage />;
      break;
    case 'game':
      // Views are shaped for their viewer: the page starts afresh for whoever is signed in.
      page = me === undefined ? <p class="panel">Loading…</p> : <GamePage key={`${route.id}:${me?.id ?? ''}`} id={route.id} />;
      break;
    case 'player':
      page = <PlayerPage name={route.name} />;
      break;
    case 'leaderboards':
      page = <LeaderboardsPage key={route.pool ?? ''} pool={route.pool} />;
      break;
    case 'tournaments':
      page = <TournamentsPage />;
      break;
    case 'tournament':
      page = <TournamentPage key={route.id} id={route.id} />;
      break;
    case 'rules':
      page = <LazyRulesPage key={`${route.game}/${route.variant ?? ''}`} game={route.game} variant={route.variant} />;
      break;
    case 'missing':
      page = (
        <section class="panel">
          <h1>Not here</h1>
          <p>Nothing lives at {route.path}. <a href="/">Back to the lobby</a>.</p>
        </section>
      );
  }

  return (
    <div class="frame" onClick={onLinkClick}>
      <a href="#main" class="skip-link" onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}>Skip to the page</a>
      <header class="top">
        <a href="/" class="brand">Arbiter</a>
        <nav aria-label="Site">
          <a href="/">Lobby</a>
          <a href="/leaderboards">Leaderboards</a>
          <a href="/tournaments">Tournaments</a>
          {me ? (
            <>
              <NoticeBell key={me.id} />
              <a href="/account" data-testid="account-name">{me.name}</a>
              {me.guest && (
                <a href="/signup" data-testid="keep-games">Sign up to keep your games</a>
              )}
              <SignOutButton guest={me.guest} />
            </>
          ) : me === null ? (
            <>
              <a href="/signin">Sign in</a>
              <a href="/signup">Sign up</a>
            </>
          ) : null}
          <button type="button" class="link theme" onClick={toggleTheme} aria-label={`Switch to the ${theme === 'dark' ? 'light' : 'dark'} theme`}>
            {theme === 'dark' ? '☀' : '☾'}
          </button>
        </nav>
      </header>
      <main id="main" tabindex={-1}>{page}</main>
    </div>
  );
}
