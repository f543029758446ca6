// The server's JSON, by the names of its OpenAPI document. The shapes are
// generated (`schema.ts`, from the document the server serves); this file
// only names them. Text from the server becomes these values in
// `client.ts`; nothing else reads raw responses.

import type { components } from './schema';

type Schemas = components['schemas'];

/** A game as its viewer may see it. */
export type GameView = Schemas['GameView'];
/** A game in a list. */
export type GameSummary = Schemas['GameSummary'];
/** A seat of a game. */
export type SeatView = Schemas['SeatView'];
/** How a game stands. */
export type StatusView = Schemas['StatusView'];
/** The round part of a view, in a game of rounds: the round and the caller's own play. */
export type RoundView = Schemas['RoundsView'];
/** What changed in a round: the view's round part, with only the announcements added. */
export type RoundChange = Schemas['RoundsChange'];
/** `POST /api/games`. */
export type NewGame = Schemas['NewGame'];
/** A seat of a new game: the creator, the computer at a level, or open. */
export type SeatSpec = Schemas['SeatSpec'];
/** A game's time limits. */
export type ClockSpec = Schemas['ClockSpec'];
/** An account as its owner sees it. */
export type Me = Schemas['Me'];
/** `PATCH /api/me`. */
export type MeChange = Schemas['MeChange'];
/** A mail that could not be delivered. */
export type FailedMail = Schemas['FailedMail'];
/** One of the account's sessions. */
export type SessionView = Schemas['SessionView'];
/** A signed-in session. */
export type Session = Schemas['SessionCreated'];
/** A game's history: the start and each move with the board after it. */
export type History = Schemas['History'];
/** One move of a history. */
export type HistoryPly = Schemas['HistoryPly'];
/** What a live socket sends. */
export type LiveMessage = Schemas['ServerMessage'];
/** A change since the last message of a game's socket. */
export type ChangeMessage = Schemas['ChangeMessage'];
/** What a screen draws a position from. */
export type BoardModel = Schemas['BoardModel'];
/** What changed on a board: the cells and spots whose contents changed, the last move, the notes. */
export type BoardChange = Schemas['BoardChange'];
/** A cell or spot whose contents changed. */
export type PlaceChange = Schemas['PlaceChange'];
/** A cell of a board. */
export type Cell = Schemas['Cell'];
/** A place off a board's grid. */
export type Spot = Schemas['Spot'];
/** A piece. */
export type Piece = Schemas['Piece'];
/** A legal move with the clicks that make it. */
export type LegalMove = Schemas['LegalMove'];
/** How a move list numbers a game's moves. */
export type MoveNumbering = Schemas['MoveNumbering'];
/** Every game a server offers. */
export type Catalog = Schemas['Catalog'];
/** One game or edition of the catalog. */
export type CatalogGame = Schemas['CatalogGame'];
/** An option of a game. */
export type CatalogOption = Schemas['CatalogOption'];
/** A game's rules page (`GET /api/games/catalog/{game}/rules`). */
export type RulesPage = Schemas['RulesPage'];
/** A piece of a rules section: a paragraph, a list, steps, a table or an example's id. */
export type RulesBlock = Schemas['RulesBlock'];
/** An example of a rules page, to step through. */
export type RulesExample = Schemas['RulesExample'];
/** `POST /api/positions`. */
export type PositionRequest = Schemas['PositionRequest'];
/** The answer of `POST /api/positions`. */
export type PositionView = Schemas['PositionView'];
/** A player's page: `GET /api/players/{name}`. */
export type PlayerView = Schemas['PlayerView'];
export type RatingView = Schemas['RatingView'];
export type RatingPointView = Schemas['RatingPointView'];
export type LeaderboardEntry = Schemas['LeaderboardEntry'];
/** A player's finished games of one game. */
export type PlayerTally = Schemas['PlayerTally'];
/** A name completed from a prefix: `GET /api/players?prefix=`. */
export type PlayerName = Schemas['PlayerName'];
/** A chat message as readers see it. */
export type ChatMessageView = Schemas['ChatMessageView'];
/** An offer standing in a game: a takeback, a draw, a rematch. */
export type OfferView = Schemas['OfferView'];
/** A notice of the personal channel. */
export type NoticeView = Schemas['NoticeView'];
/** `GET /api/me/notices`. */
export type Notices = Schemas['Notices'];
/** What the personal channel (`/api/me/live`) sends. */
export type PersonalMessage = Schemas['PersonalMessage'];
/** `POST /api/tournaments`. */
export type NewTournament = Schemas['NewTournament'];
/** A tournament in a list. */
export type TournamentSummary = Schemas['TournamentSummary'];
/** A tournament as anyone may see it: players, rounds and standings. */
export type TournamentView = Schemas['TournamentView'];
/** One player of a tournament, with their score and tiebreaks. */
export type TournamentPlayer = Schemas['TournamentPlayer'];
/** One round of a tournament. */
export type TournamentRound = Schemas['TournamentRound'];
/** A game of a tournament's round. */
export type Pairing = Schemas['Pairing'];
/** A player without a game in a round. */
export type Bye = Schemas['Bye'];
/** A tournament player's tiebreaks. */
export type Tiebreaks = Schemas['Tiebreaks'];
/** `GET /api/me/vacation`: the days left, the vacation running, those booked, the automatic start, the games a vacation does not stop. */
export type VacationView = Schemas['VacationView'];
/** A vacation, running or booked. */
export type VacationSpan = Schemas['VacationSpan'];
/** A running game whose clock a vacation does not stop, and why. */
export type NotStopped = Schemas['NotStopped'];
/** `POST /api/me/vacation`. */
export type NewVacation = Schemas['NewVacation'];
/** `PATCH /api/me/vacation`. */
export type VacationAuto = Schemas['VacationAuto'];
