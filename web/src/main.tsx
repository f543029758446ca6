import { render } from 'preact';
import { App } from './app';
import { refreshSession } from './session';
import { applyTheme, currentTheme } from './theme';
import './styles.css';

applyTheme(currentTheme());
void refreshSession();
render(<App />, document.getElementById('app')!);
