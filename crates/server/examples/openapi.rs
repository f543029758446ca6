//! Prints the server's OpenAPI document, as `GET /api/openapi.json` serves
//! it: the browser client's wire types are generated from it
//! (`web/src/api/openapi.json`, then `npm run types` in `web`).

use utoipa::OpenApi;

fn main() {
    let doc = arbiter_server::ApiDoc::openapi();
    match serde_json::to_string_pretty(&doc) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("the document could not be written: {e}");
            std::process::exit(1);
        }
    }
}
