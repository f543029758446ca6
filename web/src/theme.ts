// Light and dark themes: the system's choice until the player picks one,
// kept in the browser.

/** A theme. */
export type Theme = 'light' | 'dark';

const KEY = 'arbiter-theme';

/** The theme in force. */
export function currentTheme(): Theme {
  const stored = localStorage.getItem(KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Puts `theme` on the page and remembers it. */
export function applyTheme(theme: Theme, remember = false): void {
  document.documentElement.dataset.theme = theme;
  if (remember) localStorage.setItem(KEY, theme);
}
