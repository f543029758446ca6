//! `/api/me/vacation`: the caller's vacations, started, booked, ended and
//! taken back, and the automatic start before a timeout
//! ([`crate::verbs::vacation`]).

use arbiter_api::{ErrorBody, NewVacation, VacationAuto, VacationView};
use arbiter_play::Timestamp;
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::routing::{delete, get};
use axum::{Json, Router};

use crate::auth::SignedIn;
use crate::error::ApiError;
use crate::limits::check;
use crate::state::AppState;
use crate::verbs::vacation;

/// The routes of vacations.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/me/vacation", get(read).post(start).delete(end).patch(switch_auto))
        .route("/api/me/vacation/{id}", delete(cancel))
}

/// What a 429 says.
const TOO_MANY: &str = "you have started, booked, ended or switched vacations as often as one may for now";

/// What a guest is told.
const NO_GUESTS: &str = "a guest has no vacation days; sign up to keep your games and take vacations";

#[utoipa::path(get, path = "/api/me/vacation", tag = "vacation", security(("bearer" = [])),
    responses((status = 200, description = "the days left this year, the vacation running, those booked, the automatic start, and the games a vacation does not stop", body = VacationView),
        (status = 401, body = ErrorBody)))]
pub(crate) async fn read(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
) -> Result<Json<VacationView>, ApiError> {
    Ok(Json(vacation::view(&state, account.id).await?))
}

#[utoipa::path(post, path = "/api/me/vacation", request_body = NewVacation, tag = "vacation", security(("bearer" = [])),
    responses((status = 201, description = "started (no `from`) or booked; a vacation that begins now stops the caller's clocks at once", body = VacationView),
        (status = 400, description = "a body or a time that does not read", body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "a guest's", body = ErrorBody),
        (status = 409, description = "over the days left of a year, or overlapping another vacation: named", body = ErrorBody),
        (status = 422, description = "shorter than an hour, beginning in the past, or ending after next year", body = ErrorBody),
        (status = 429, description = "as many vacations started, booked, ended or switched as one may in an hour; see Retry-After", body = ErrorBody)))]
pub(crate) async fn start(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    body: Result<Json<NewVacation>, JsonRejection>,
) -> Result<(axum::http::StatusCode, Json<VacationView>), ApiError> {
    let Json(new) = body?;
    let from = new.from.as_deref().map(|t| moment("from", t)).transpose()?;
    let until = moment("until", &new.until)?;
    if account.guest {
        return Err(ApiError::forbidden(NO_GUESTS));
    }
    check(&state.guards.vacations, &account.id, TOO_MANY)?;
    vacation::start(&state, account.id, from, until, false).await?;
    Ok((axum::http::StatusCode::CREATED, Json(vacation::view(&state, account.id).await?)))
}

#[utoipa::path(delete, path = "/api/me/vacation", tag = "vacation", security(("bearer" = [])),
    responses((status = 200, description = "ended now: the caller's clocks run again (the hours used are counted)", body = VacationView),
        (status = 401, body = ErrorBody),
        (status = 409, description = "no vacation is running", body = ErrorBody),
        (status = 429, description = "as many vacations started, booked, ended or switched as one may in an hour; see Retry-After", body = ErrorBody)))]
pub(crate) async fn end(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
) -> Result<Json<VacationView>, ApiError> {
    check(&state.guards.vacations, &account.id, TOO_MANY)?;
    vacation::end(&state, account.id).await?;
    Ok(Json(vacation::view(&state, account.id).await?))
}

#[utoipa::path(delete, path = "/api/me/vacation/{id}", tag = "vacation", security(("bearer" = [])),
    params(("id" = i64, Path, description = "the vacation booked ahead")),
    responses((status = 200, description = "taken back: its days are free again", body = VacationView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, description = "no vacation of the caller's booked ahead has this number (one running is ended with `DELETE /api/me/vacation`)", body = ErrorBody),
        (status = 429, description = "as many vacations started, booked, ended or switched as one may in an hour; see Retry-After", body = ErrorBody)))]
pub(crate) async fn cancel(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    path: Result<Path<i64>, PathRejection>,
) -> Result<Json<VacationView>, ApiError> {
    let Path(id) = path?;
    check(&state.guards.vacations, &account.id, TOO_MANY)?;
    vacation::cancel(&state, account.id, id).await?;
    Ok(Json(vacation::view(&state, account.id).await?))
}

#[utoipa::path(patch, path = "/api/me/vacation", request_body = VacationAuto, tag = "vacation", security(("bearer" = [])),
    responses((status = 200, description = "switched", body = VacationView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "a guest's", body = ErrorBody),
        (status = 429, description = "as many vacations started, booked, ended or switched as one may in an hour; see Retry-After", body = ErrorBody)))]
pub(crate) async fn switch_auto(
    State(state): State<AppState>,
    SignedIn(account): SignedIn,
    body: Result<Json<VacationAuto>, JsonRejection>,
) -> Result<Json<VacationView>, ApiError> {
    let Json(switch) = body?;
    if account.guest {
        return Err(ApiError::forbidden(NO_GUESTS));
    }
    check(&state.guards.vacations, &account.id, TOO_MANY)?;
    state.store.set_vacation_auto(account.id, switch.auto).await?;
    Ok(Json(vacation::view(&state, account.id).await?))
}

/// Reads the moment `field` of a request.
fn moment(field: &str, text: &str) -> Result<Timestamp, ApiError> {
    let quoted = serde_json::Value::String(text.to_string());
    serde_json::from_value::<Timestamp>(quoted)
        .map_err(|_| ApiError::malformed(format!("'{field}': '{text}' is not a time (RFC 3339, 2026-12-24T18:00:00Z)")))
}
