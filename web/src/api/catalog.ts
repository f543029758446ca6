// The games the server offers (`GET /api/games/catalog`), fetched once and
// shared: names, seats, options, piece kinds and rules pages. The client
// knows no game by heart; it reads them here.

import { useEffect, useState } from 'preact/hooks';
import { getCatalog } from './client';
import type { Catalog, CatalogGame } from './types';

let loading: Promise<Catalog> | null = null;
let loaded: Catalog | null = null;

/** The catalog, fetched on first use (again after a failure). */
export function loadCatalog(): Promise<Catalog> {
  if (!loading) {
    loading = getCatalog().then(
      (catalog) => (loaded = catalog),
      (e) => {
        loading = null;
        throw e;
      },
    );
  }
  return loading;
}

/** The catalog, or null until it has arrived. */
export function useCatalog(): Catalog | null {
  const [catalog, setCatalog] = useState<Catalog | null>(loaded);
  useEffect(() => {
    if (!catalog) loadCatalog().then(setCatalog, () => {});
  }, []);
  return catalog;
}

/** The catalog's entry for `game` in edition `variant` (the default edition when none is named). */
export function entryFor(catalog: Catalog | null, game: string, variant?: string | null): CatalogGame | null {
  const editions = catalog?.games.filter((g) => g.game === game) ?? [];
  return editions.find((g) => (g.variant ?? null) === (variant ?? null)) ?? editions[0] ?? null;
}

/** A game's name for people, with its edition when not the default (`Name (edition)`), or its identifier before the catalog arrives. */
export function gameName(catalog: Catalog | null, game: string, variant?: string | null): string {
  return entryFor(catalog, game, variant)?.name ?? game;
}

/** A seat's name for people (`White`), or its label where seats have no names (`A`). */
export function seatName(entry: CatalogGame | null, seat: string): string {
  return entry?.seats.find((s) => s.label === seat)?.name ?? seat;
}

/** The name of a kind of piece (`Golem`), or the kind itself. */
export function pieceName(entry: CatalogGame | null, kind: string): string {
  return entry?.pieces.find((p) => p.kind === kind)?.name ?? kind;
}
