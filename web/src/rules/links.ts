// Links from a game to its rules: the catalog's rules page, and the
// section a refused move's explanation points to.

/** The sections a refusal's words point to, by game, first match first. */
const SECTIONS: Record<string, [RegExp, string][]> = {
  agog: [
    [/corrupt|pool/i, 'corruption'],
    [/sanctum|hulk/i, 'sanctum'],
    [/captur|jump/i, 'capturing'],
    [/forward/i, 'units'],
  ],
  sage: [
    [/skyship|fl(y|ies|ight)/i, 'skyships'],
    [/escape|river/i, 'river'],
    [/tower/i, 'sage'],
    [/pass/i, 'end'],
  ],
  ogama: [
    [/pass/i, 'end'],
    [/toad|disc|height|travel/i, 'turn'],
  ],
  scg: [[/./, 'round']],
};

/** Whether a message is the server's refusal of a move (`'e2-e5': units move only forward…`). */
export function isMoveRefusal(message: string): boolean {
  return /^(move \d+ )?'[^']*': /.test(message);
}

/** The rules section a refusal of a move of `game` points to, if its words name one. */
export function ruleSection(game: string, message: string): string | null {
  const reason = message.replace(/^(move \d+ )?'[^']*': /, '');
  return SECTIONS[game]?.find(([words]) => words.test(reason))?.[1] ?? null;
}

/** The link to the rules for a refusal: the rules page (`rules`, as the catalog gives it), at its section when one is named. */
export function rulesLink(rules: string, game: string, message: string): string {
  const section = ruleSection(game, message);
  return section ? `${rules}#${section}` : rules;
}
