// A player's vacations: `GET`, `POST`, `DELETE` and `PATCH
// /api/me/vacation`, and `DELETE /api/me/vacation/{id}`. Every answer is
// the vacations as they stand after the call.

import { call } from './client';
import type { NewVacation, VacationView } from './types';

const path = '/api/me/vacation';

/** `GET /api/me/vacation`: the days left this year, the vacation running, those booked, the automatic start, the games a vacation does not stop. */
export const getVacation = () => call<VacationView>('GET', path);

/**
 * `POST /api/me/vacation`: a vacation from now (no `from`) or booked from
 * `from`, until `until` (RFC 3339). Refused with 403 for a guest, 409 over
 * the days left or overlapping another vacation, 422 shorter than an
 * hour, beginning in the past or ending after next year.
 */
export const startVacation = (vacation: NewVacation) => call<VacationView>('POST', path, vacation);

/** `DELETE /api/me/vacation`: ends the vacation running now (409 when none runs); the clocks run again. */
export const endVacation = () => call<VacationView>('DELETE', path);

/** `DELETE /api/me/vacation/{id}`: takes back a vacation booked ahead (404 when none has this number); its days are free again. */
export const cancelVacation = (id: number) => call<VacationView>('DELETE', `${path}/${encodeURIComponent(String(id))}`);

/** `PATCH /api/me/vacation`: whether a vacation starts by itself when a move is 12 hours from running out of time. */
export const setVacationAuto = (auto: boolean) => call<VacationView>('PATCH', path, { auto });
