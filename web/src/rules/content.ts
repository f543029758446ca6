// The rules of each game as Arbiter plays them, written for a player:
// plain structured text (headings, paragraphs, lists, tables), no markup
// beyond `code` in backquotes. Blocks marked `only` belong to one edition.
// Examples are named by their id in examples.json.

/** A piece of a section: a paragraph, a list, numbered steps, a table (its first row the heading), or an example to step through. */
export type Block = (
  | { p: string }
  | { list: string[] }
  | { steps: string[] }
  | { table: string[][] }
  | { example: string }
) & { only?: string };

/** A section of a rules page, with its anchor. */
export interface Section {
  id: string;
  title: string;
  blocks: Block[];
  only?: string;
}

/** A game's rules page. */
export interface Rules {
  game: string;
  /** Who made the game, and what it is about. */
  intro: Block[];
  sections: Section[];
}

const agog: Rules = {
  game: 'agog',
  intro: [
    { p: 'A•G•O•G ("A Game of Golems") is a game by Christopher St. Clair for two players. Each side races its units towards the other side\'s sanctum; the first journeyman to get there wins, and so does the side that captures the other\'s journeyman.' },
    { p: 'Arbiter plays two editions: the current edition (with scorekeeping and handicaps) and the first edition (`classic`), in which captured units vanish at once. This page describes the current edition; the differences are listed at the end.', only: 'current' },
    { p: 'Arbiter plays two editions: the current edition and the first edition (`classic`). This page describes the first edition, in which captured units vanish at once; the differences are listed at the end.', only: 'classic' },
  ],
  sections: [
    {
      id: 'board',
      title: 'Board and sides',
      blocks: [
        { list: [
          'An 8×8 board; every square is used. Squares are named as in chess: files `a`–`h` from White\'s left to right, ranks `1`–`8` from White\'s side.',
          'White\'s sanctum is `a1`, Black\'s is `h8`: the corners where the players sit.',
          'Forward is east or north (towards `h8`) for White, west or south (towards `a1`) for Black. Nothing ever moves diagonally.',
          'White moves first; then the sides take turns, one move each. A move is moving one unit, or capturing with one unit.',
        ] },
      ],
    },
    {
      id: 'setup',
      title: 'Setup',
      blocks: [
        { p: 'Each side has its journeyman on its own sanctum and twenty golems filling the five diagonals in front of it; the three middle diagonals are empty.' },
        { example: 'agog-opening', only: 'current' },
        { example: 'agog-classic-opening', only: 'classic' },
      ],
    },
    {
      id: 'units',
      title: 'Units',
      blocks: [
        { table: [
          ['unit', 'made of', 'moves', 'captures'],
          ['golem', 'one golem', 'one square forward', 'jumps an adjacent enemy, landing just beyond'],
          ['journeyman', 'the golemancer (three checkers)', 'as a golem', 'as a golem, and may corrupt'],
          ['hulk', 'two of its owner\'s golems', 'any distance forward over empty squares', 'at any distance (below)'],
        ] },
        { table: [
          ['corrupted unit', 'made of', 'moves and captures'],
          ['corrupted hulk', 'an enemy golem under one of its owner\'s', 'as a hulk'],
        ], only: 'current' },
        { table: [
          ['corrupted unit', 'made of', 'moves and captures'],
          ['corrupted golem', 'an enemy golem under one of its owner\'s', 'as a golem, and may corrupt'],
          ['corrupted hulk', 'an enemy hulk under one of its owner\'s golems', 'as a hulk, and may corrupt'],
        ], only: 'classic' },
        { p: 'Units move only forward, but capture in all four straight directions, forward or backward.' },
        { p: 'A hulk\'s capture: it slides along a file or rank over empty squares to the first occupied square, which must hold an enemy unit that may be jumped, and lands on any empty square beyond it, sliding over empty squares only. It never jumps two units at once.' },
      ],
    },
    {
      id: 'capturing',
      title: 'Capturing',
      blocks: [
        { list: [
          'Captures are compulsory: if any capture is possible, the side to move must capture.',
          'A capture goes on: while the unit can jump again from where it landed, it must, in any of the four directions, until no jump is left.',
          'Most captures: among all complete sequences of all the side\'s units, only those that jump the most enemy units may be played. A corrupting jump counts like a capturing one. Capturing two golems beats capturing the enemy journeyman alone.',
          'The moving unit\'s starting square counts as empty during its own sequence.',
        ] },
        { p: 'Units jumped during a sequence stay on the board until it ends: they can be neither jumped again nor passed over. Then the captured ones are removed.', only: 'current' },
        { p: 'A captured unit leaves the board at once, so its square is empty for the rest of the sequence. A corrupted unit stays (now the mover\'s) and blocks.', only: 'classic' },
        { example: 'agog-majority', only: 'current' },
        { example: 'agog-classic-majority', only: 'classic' },
      ],
    },
    {
      id: 'corruption',
      title: 'Corruption',
      blocks: [
        { p: 'The journeyman may corrupt the enemy unit it jumps instead of capturing it: one of its side\'s golems from the pool is placed on top, and the unit is now its side\'s.', only: 'current' },
        { p: 'The journeyman and every corrupted unit may corrupt the enemy unit they jump instead of capturing it: one of their side\'s golems from the pool is placed on top, and the unit is now their side\'s.', only: 'classic' },
        { list: [
          'An enemy golem becomes a corrupted hulk, which moves and captures as a hulk.',
          'An enemy hulk becomes a corrupted hulk too: its top (enemy) golem goes back to the enemy\'s pool.',
          'Journeymen and corrupted hulks can never be corrupted, only captured.',
        ], only: 'current' },
        { list: [
          'An enemy golem becomes a corrupted golem; an enemy hulk becomes a corrupted hulk.',
          'Journeymen and corrupted units can never be corrupted, only captured.',
        ], only: 'classic' },
        { p: 'Each corruption uses one golem of the mover\'s pool, which is not refilled during the sequence; with an empty pool the unit must capture.' },
        { example: 'agog-corrupt', only: 'current' },
        { example: 'agog-classic-corrupt', only: 'classic' },
      ],
    },
    {
      id: 'pools',
      title: 'Pools',
      blocks: [
        { p: 'A side\'s pool counts its golems that have left the board. Whenever a golem leaves the board (captured, removed at the sanctum, or the top golem of a hulk being corrupted) it goes to the pool of its own colour: a captured corrupted hulk gives one golem to each side. Journeymen never enter a pool; golems removed for a handicap are out of the game. The pools are shown under the board.' },
      ],
    },
    {
      id: 'sanctum',
      title: 'The sanctum',
      blocks: [
        { p: 'What happens when a unit ends its turn on the enemy sanctum (passing through it during a capture does nothing):' },
        { list: [
          'A journeyman: its side wins.',
          'A golem: its side chooses to stack it on top of another of its plain golems, making a hulk there, or to remove it. With no other plain golem on the board it is removed.',
          'A hulk: its top golem may be stacked on another plain golem of its side (making a hulk there) and the bottom golem is removed; or both are removed.',
        ] },
        { p: 'A corrupted hulk is treated as a hulk there: the golem removed is its bottom one, the enemy\'s.', only: 'current' },
        { p: 'A corrupted unit is always removed there.', only: 'classic' },
        { p: 'A plain golem is a single golem of the same side: not a hulk, a corrupted unit or the journeyman. The choice is part of the move: the board offers it when you click the sanctum.' },
        { example: 'agog-promote', only: 'current' },
      ],
    },
    {
      id: 'winning',
      title: 'Winning',
      blocks: [
        { steps: [
          'Capture: a side captures the enemy journeyman (judged when its sequence ends).',
          'Sanctum: a side\'s journeyman ends a turn on the enemy sanctum.',
          'Immobilization: the other side has no legal move on its turn.',
          'Resignation: the other side resigns.',
        ] },
        { p: 'There are no draws: every move moves a unit forward or removes material, so every game ends.' },
      ],
    },
    {
      id: 'handicaps',
      title: 'Handicaps',
      blocks: [
        { p: 'The stronger player takes Black and starts without some golems, removed closest to the centre, front diagonal first, symmetrically about the `a1`–`h8` diagonal (the `handicap` option of a new game). Handicaps 1 to 3 are the rule text\'s own examples; 4 to 10 continue its rule. When the weaker player wins most games at a handicap, lower it by one.' },
        { table: [
          ['handicap', 'Black golems removed'],
          ['1', 'f6'],
          ['2', 'e6 f5'],
          ['3', 'e6 f5 f6'],
          ['4', 'd7 e6 f5 g4'],
          ['5', 'd7 e6 f5 f6 g4'],
          ['6', 'd7 e6 e7 f5 g4 g5'],
          ['7', 'd7 e6 e7 f5 f6 g4 g5'],
          ['8', 'd7 e6 e7 f5 f6 g4 g5 g7'],
          ['9', 'd7 e6 e7 f5 f6 f7 g4 g5 g6'],
          ['10', 'd7 e6 e7 f5 f6 f7 g4 g5 g6 g7'],
        ] },
        { example: 'agog-handicap-1', only: 'current' },
        { example: 'agog-handicap-2', only: 'current' },
        { example: 'agog-handicap-3', only: 'current' },
      ],
    },
    {
      id: 'editions',
      title: 'Where the two editions differ',
      blocks: [
        { table: [
          ['', 'current edition', 'first edition (classic)'],
          ['jumped units during a sequence', 'stay until it ends, and block', 'captured ones vanish at once'],
          ['who may corrupt', 'the journeyman', 'the journeyman and corrupted units'],
          ['a corrupted enemy golem becomes', 'a corrupted hulk `C`', 'a corrupted golem `C`'],
          ['a corrupted enemy hulk becomes', 'a corrupted hulk `C`, its top golem to the enemy\'s pool', 'a corrupted hulk `D`'],
          ['a corrupted unit on the enemy sanctum', 'promotes like a hulk', 'is removed'],
        ] },
        { p: 'In the same position a hulk jumps three golems in the current edition and four in the first, where the golem it jumped first has vanished by the time it comes back:' },
        { example: 'agog-editions-current' },
        { example: 'agog-editions-classic' },
      ],
    },
    {
      id: 'readings',
      title: 'Where the rule text is unclear',
      blocks: [
        { list: [
          'Squares and directions: the board is named as in chess, White\'s sanctum is `a1`, forward for White is east and north.',
          'Setup: the golems fill every square whose file and rank, counted from 0, add up to 1–5 for White and 9–13 for Black.',
          'A hulk\'s capture "at any distance" slides over empty squares to the first unit, which must be an enemy it may jump, and lands on any empty square beyond, reached over empty squares.',
          'Most captures are counted over all sequences of all units; corrupting jumps count; a hulk\'s landing squares are limited only by this rule.',
          'Corruption takes golems from the mover\'s pool, which is not refilled during the sequence; every golem leaving the board goes to its own colour\'s pool.',
          'Only ending a turn on the sanctum counts, and "any of their other golems" means plain golems. The capture of a journeyman is judged when the sequence ends.',
        ] },
        { list: ['The first edition, which has no scorekeeping section, uses the same notation; there `C` is a corrupted golem and `D` a corrupted hulk.'], only: 'classic' },
      ],
    },
    {
      id: 'notation',
      title: 'Notation',
      blocks: [
        { p: 'Moves are written in the rule text\'s scorekeeping notation: the unit\'s letter (`J` journeyman, `H` hulk, `C` corrupted hulk; none for a golem), then the square it moves to: `b6`, `Hh7`.' },
        { list: [
          'When two units of the same kind could make the move, write where the moving one comes from along the way it first moves: its file for a move east or west (`ab6`, the golem from `a6`), its rank for a move north or south (`C5b6`, the corrupted hulk from `b5`).',
          'A capture writes `x` before each landing square, `+` where the jumped unit is corrupted: `Jxa3+c3`. A golem\'s capture always starts with that coordinate: `4xd6xd8`.',
          'Ending on the enemy sanctum and making a hulk: a space, then the square of the golem promoted and `=H`: `Ca1 h1=H`.',
          'Results: `1—0` White wins, `0—1` Black wins.',
        ] },
        { p: 'The long form is accepted too: `e2-e3`, `a1xa3+c3`, `g8-h8 c3=H`.' },
        { example: 'agog-notation-golem', only: 'current' },
        { example: 'agog-notation-corrupted', only: 'current' },
      ],
    },
  ],
};

const sage: Rules = {
  game: 'sage',
  intro: [
    { p: 'Sage Tafl (Sage, or Sages Tafl, version 1.0) is a game by Manny Fandango for two players, on a board with a river, with the captures of tafl games. Two Sages race their apprentices down the river and off the board.' },
  ],
  sections: [
    {
      id: 'board',
      title: 'Board and sides',
      blocks: [
        { list: [
          '8 files (`a`–`h`, left to right as Black sees them) and 9 ranks (`1`–`9`, from Black\'s side).',
          'Rank 5 is the river (`a5`–`h5`); ranks 4 and 6 are its banks. The river\'s ends are past `a5` (west) and past `h5` (east).',
          'Each side has a tower: a point between four squares, not a square. Black\'s is between `d1 e1 d2 e2`, Red\'s between `d8 e8 d9 e9`.',
          'Black moves first; then the sides take turns, moving one piece at a time.',
        ] },
      ],
    },
    {
      id: 'setup',
      title: 'Setup',
      blocks: [
        { p: 'Each side has eight apprentices in two rows of four on files `c`–`f`, a skyship at each end of its second row (`a2 h2` for Black, `a8 h8` for Red), and its Sage in her tower. The two sides mirror each other.' },
        { example: 'sage-opening' },
      ],
    },
    {
      id: 'pieces',
      title: 'Pieces',
      blocks: [
        { table: [
          ['piece', 'moves'],
          ['Sage', 'one square in any of the eight directions, onto an empty square'],
          ['apprentice', 'any distance along a rank or file over empty squares, with the river\'s limits'],
          ['skyship', 'exactly two diagonal steps, turning or not'],
        ] },
        { p: 'No piece moves through another, except by the hop and the skyship\'s flight.' },
      ],
    },
    {
      id: 'sage',
      title: 'The Sage and her tower',
      blocks: [
        { list: [
          'A Sage in her tower is off the board: she can neither capture nor be captured.',
          'Coming out of the tower is a whole move, onto any empty one of the four squares around it (`T-d2`). While those squares are full she cannot come out.',
          'A Sage goes back into her tower only by being captured.',
          'On the board she steps into, along and out of the river freely, in any of the eight directions.',
        ] },
      ],
    },
    {
      id: 'river',
      title: 'Apprentices and the river',
      blocks: [
        { list: [
          'A move along a rank is free everywhere, on the banks and in the river.',
          'A move along a file never enters or crosses the river: the apprentice halts at the bank at the latest.',
          'From a bank, the step into the river is a move of its own.',
          'In the river an apprentice moves any distance along it, or one square out onto either bank.',
          'The hop: from a bank, an apprentice or a Sage may cross the river along its file, over a friendly piece in the river, onto the far bank if it is empty. Never over an enemy.',
        ] },
        { example: 'sage-river' },
        { example: 'sage-hop' },
      ],
    },
    {
      id: 'skyships',
      title: 'Skyships',
      blocks: [
        { list: [
          'A flight is two diagonal steps of one square each: two diagonals away (`d4-f6`), or, turning, two files or two ranks away (`d4-f4`, `d4-d6`).',
          'The square in the middle must be on the board and may hold anything except a skyship of either side. Where two paths lead to one square, one open path is enough.',
          'The destination must be empty. Skyships may stand in the river and never leave the board.',
        ] },
        { example: 'sage-skyship' },
      ],
    },
    {
      id: 'capture',
      title: 'Capture',
      blocks: [
        { list: [
          'After a move, each enemy piece next to the square the moved piece arrived on (along a rank or file) is captured if the square straight beyond it holds a piece of the mover, of any kind. Several can go at once.',
          'A piece that moves between two enemies is safe, then and later: only the moving piece captures.',
          'Edges, towers and the river do not capture; in the river pieces capture and are captured as anywhere else.',
          'A captured apprentice or skyship leaves the game.',
          'Child of Fate: a captured Sage is not removed but goes back into her tower, and must spend a move coming out again.',
        ] },
        { example: 'sage-capture' },
        { example: 'sage-no-capture' },
        { example: 'sage-voluntary' },
        { example: 'sage-double' },
        { example: 'sage-fate' },
      ],
    },
    {
      id: 'escape',
      title: 'Escape and score',
      blocks: [
        { list: [
          'An apprentice or a Sage that starts its move in the river may leave the board past an end of the river: an apprentice slides along the river and off if its way is clear (`c5-W`, `c5-E`); a Sage steps off from `a5` or `h5`.',
          'An escaped apprentice scores 1 point, an escaped Sage 3. Skyships never escape.',
          'The first side to reach five points wins at once.',
        ] },
        { example: 'sage-score' },
      ],
    },
    {
      id: 'end',
      title: 'End of the game',
      blocks: [
        { list: [
          'A side that reaches five points wins.',
          'A side with no legal move passes; a pass is legal only then. When neither side can move, the game is drawn.',
          'The third time the same position occurs (board, towers, scores, side to move), the game is drawn. This is an Arbiter rule, on by default; a new game may turn it off.',
        ] },
      ],
    },
    {
      id: 'readings',
      title: 'Where the rule text is unclear',
      blocks: [
        { list: [
          'The text numbers the files 1–8; Arbiter names them `a`–`h`.',
          'Setup: the text says the sides mirror each other, but its diagram puts Red\'s skyships on rank 9. Mirroring wins: they stand on `a8` and `h8`.',
          'The tower is a point, not a square: it blocks nothing, and a Sage inside is off the board.',
          '"Must halt at the river bank" applies to moves along a file only; "only move one square out of the river" means onto either bank.',
          'Skyships: "fly over anything except another skyship" — the middle square may hold any piece but a skyship of either side.',
          'Captures are made only by the moving piece ("involuntarily surrounded"); the square it left does not count.',
          'Escape: only from the river; an apprentice may slide along it and off in one move if the way is clear; a Sage steps off from `a5` or `h5`.',
          'A pass is legal only when nothing else is.',
        ] },
      ],
    },
    {
      id: 'notation',
      title: 'Notation',
      blocks: [
        { table: [
          ['move', 'form', 'example'],
          ['step, slide, hop, flight', '<from>-<to>', '`c2-c4`, `a2-c4`'],
          ['the Sage leaves her tower', 'T-<to>', '`T-d2`'],
          ['escape', '<from>-W or <from>-E', '`c5-W`'],
          ['no other move', 'pass', '`pass`'],
        ] },
      ],
    },
  ],
};

const ogama: Rules = {
  game: 'ogama',
  intro: [
    { p: 'Ogama is a stacking game by Ilya Yudovsky (2025) for two players, Orange and Blue, each with twelve discs and a toad. The toads climb towers to power up their discs.' },
  ],
  sections: [
    {
      id: 'board',
      title: 'Board and discs',
      blocks: [
        { list: [
          'A 5×5 board: files `a`–`e` from left to right, ranks `1`–`5` from bottom to top.',
          'Orange moves first, then Blue; the sides take turns.',
          'A square holds a stack of discs. Only the top disc ever moves; a stack belongs, for moving, to the colour of its top disc.',
          'A stack of two or more discs may hold both colours; the height of a stack counts every disc.',
        ] },
      ],
    },
    {
      id: 'setup',
      title: 'Setup and the toads',
      blocks: [
        { p: 'The 24 discs are dealt at random, one to a square, on 24 of the 25 squares. The toads start off the board.' },
        { p: 'The rule text does not say where the toads start; Arbiter adds this rule: Orange\'s first move places her toad on any square topped by an orange disc, then Blue\'s first move places his on any square topped by a blue disc, then Orange makes the first ordinary move.' },
        { example: 'ogama-opening' },
      ],
    },
    {
      id: 'turn',
      title: 'A turn',
      blocks: [
        { p: 'On each turn a player either moves the toad or moves one free disc.' },
        { list: [
          'The toad steps one square in any of the eight directions onto a square topped by its own colour that holds no toad. It never steps onto an empty square or an opponent\'s disc, and it is never captured or moved by discs.',
          'A disc: take the top disc of a free square (no toad on it) topped by your colour, and move it exactly h squares, h being the height of the stack under your own toad. It goes straight, or makes one 90° turn on the way: some squares one way, the rest at a right angle.',
          'No square on the way, the destination included, may be off the board or hold a toad; any may be empty or hold discs.',
          'The disc lands on top of whatever is there: an empty square, your own stack or the opponent\'s.',
          'A disc under a toad never moves. Two routes to the same square are one move.',
          'A player with no legal move passes.',
        ] },
        { p: 'The rule text\'s example: with your toad on a 3-disc stack, a disc may go three squares straight, or two and then one to the side, or one and then two — like a chess knight.' },
        { example: 'ogama-knight' },
      ],
    },
    {
      id: 'capture',
      title: 'Capture',
      blocks: [
        { p: 'A disc that lands on an opponent\'s disc captures it: the covered disc stays in the stack, and counts at the end for the player whose colour tops the stack.' },
      ],
    },
    {
      id: 'end',
      title: 'How the game ends',
      blocks: [
        { list: [
          'Tower victory: a stack that reaches six discs wins the game at once for the player whose disc is the sixth.',
          'No singles: at the end of a player\'s turn, if none of that player\'s discs stands alone on a square, the game ends and the players count. Each scores the opponent\'s discs inside stacks topped by their own colour; more wins, equal is a draw.',
          'Two passes in a row end the game, counted the same way.',
          'The third time the same position occurs (discs, toads, side to move), the game is drawn. This is an Arbiter rule, on by default; a new game may turn it off.',
        ] },
        { example: 'ogama-tower' },
        { p: 'A worked count: the game below ends by the no-singles rule, and each side scores the opponent\'s discs under its own colour.' },
        { example: 'ogama-no-singles' },
      ],
    },
    {
      id: 'readings',
      title: 'Where the rule text is unclear',
      blocks: [
        { list: [
          'Where the toads start: not in the text; the placement rule above is Arbiter\'s.',
          '"Moves orthogonally a number of spaces equal to the height, one optional 90° turn": exactly h squares, never fewer, never two turns.',
          '"Cannot move through or onto a space occupied by any toad": every square of the route, destination included, must be free of both toads; discs are no obstacle.',
          'Captured discs are the opponent\'s discs anywhere inside a stack topped by your colour, not only the one just under the top.',
          'The no-singles end is checked after every turn for the player who just moved.',
        ] },
      ],
    },
    {
      id: 'notation',
      title: 'Notation',
      blocks: [
        { table: [
          ['move', 'form', 'example'],
          ['placing the toad', 'T@<square>', '`T@c3`'],
          ['toad step', 'T<from>-<to>', '`Tc3-d4`'],
          ['disc', '<from>-<to>', '`c3-d5`'],
          ['no other move', 'pass', '`pass`'],
        ] },
      ],
    },
  ],
};

const scg: Rules = {
  game: 'scg',
  intro: [
    { p: 'Single Capture Go is a game by Guy Fawkes for 2 to 12 players and a referee. Everybody plays at once: each round every player secretly sends the referee one square, and the referee resolves the round from all the plays together. Arbiter is the referee.' },
  ],
  sections: [
    {
      id: 'grid',
      title: 'Players and the grid',
      blocks: [
        { list: [
          'Each player has a different capital letter: `A`, `B`, `C`… in seat order.',
          'The grid is N×N, N the smallest number with N² at least 12 × players: 5×5 for two players, 6×6 for three, 7×7 for four, up to 12×12 for eleven or twelve.',
          'Rows are letters from the top (`a` first), columns numbers from the left (`1` first): `e7` is row e, column 7.',
          'A square is empty, holds `@`, or holds a player\'s letter.',
        ] },
      ],
    },
    {
      id: 'round',
      title: 'A round',
      blocks: [
        { p: 'While a round is open, each player still in the game sends one play: a square that holds no letter at the start of the round. A square holding `@` may be played (`@` is not a letter). A later play replaces an earlier one; a refused play leaves the earlier one in place. Rounds last three days unless the game was set up otherwise.' },
        { p: 'When the round ends, the referee resolves it:' },
        { steps: [
          'A square played by exactly one player gets that player\'s letter.',
          'A square played by several players gets `@`. They all count as having played.',
          'A group is a set of the same letters joined along rows and columns (a lone letter is a group of one). A group has liberty if one of its letters is next to an empty square (`@` is not empty). A player is doomed if any of their groups has no liberty, or if they made no valid play this round. This is judged for everyone at once.',
          'Every letter of a doomed player becomes `@`.',
          'If exactly one player is not doomed, that player wins. If nobody is left, the players with the most letters on the grid just before step 4 win; a tie shares the win.',
          'Doomed players leave the game. With two or more players left a new round starts.',
        ] },
        { example: 'scg-round' },
        { example: 'scg-liberty' },
        { example: 'scg-all-doomed' },
      ],
    },
    {
      id: 'option',
      title: 'Option: `@` squares blocked',
      blocks: [
        { p: 'An Arbiter rule, off by default: a square holding `@` may not be played. Then every round fills at least one empty square and a game cannot last for ever; without it, two players who keep colliding on the same `@` square can prolong a game without end.' },
      ],
    },
    {
      id: 'readings',
      title: 'Where the rule text is unclear',
      blocks: [
        { list: [
          '`@` squares may be played: the text allows any square "not occupied by a Letter", and `@` is not a letter. One player on an `@` square replaces it; several keep it `@`.',
          'Liberty: "unoccupied" means empty; `@` is not a liberty.',
          'All at once: step 3 is judged on the grid after steps 1 and 2 for every player together, so mutual captures doom both, and a player\'s own play can doom them.',
          'Most letters, when nobody is left, is counted among the players who were in that last round.',
          'An invalid play does not replace a valid one.',
        ] },
      ],
    },
    {
      id: 'notation',
      title: 'Notation',
      blocks: [
        { list: [
          'A play: `<letter>:<square>`, such as `B:e7`.',
          'A round: the plays joined by `,`, such as `A:c3,B:c3,C:d4`. A player missing from a round made no valid play.',
        ] },
      ],
    },
  ],
};

/** Every game's rules, by the game's identifier. */
export const RULES: Record<string, Rules> = { agog, sage, ogama, scg };

/** Whether a block or section belongs on the page of edition `variant`. */
export function shownIn(item: { only?: string }, variant: string | undefined): boolean {
  return !item.only || item.only === variant;
}
