//! The browser client, built from `web/` when this crate is built (see
//! `build.rs`) and embedded in the binary: its files by path, each with
//! its content type, whether its name is content-hashed (so it may be
//! cached for good), and a gzip copy where one helps.

use std::borrow::Cow;

use rust_embed::Embed;

#[derive(Embed)]
#[folder = "$OUT_DIR/dist"]
struct Files;

/// One file of the client.
#[derive(Debug, Clone)]
pub struct Asset {
    /// Its bytes.
    pub bytes: Cow<'static, [u8]>,
    /// The same bytes gzipped, when that is smaller.
    pub gzip: Option<Cow<'static, [u8]>>,
    /// Its `Content-Type`.
    pub content_type: String,
    /// Whether its name carries a hash of its content (Vite's `assets/`),
    /// so that a browser may keep it for good.
    pub immutable: bool,
}

/// The file at `path` (`index.html`, `assets/index-1a2b.js`), without a
/// leading `/`; `None` when there is none. The gzip copies are not files
/// of their own.
pub fn asset(path: &str) -> Option<Asset> {
    if path.ends_with(".gz") {
        return None;
    }
    let file = Files::get(path)?;
    let gzip = Files::get(&format!("{path}.gz")).map(|f| f.data).filter(|gz| gz.len() < file.data.len());
    let content_type = match file.metadata.mimetype() {
        "text/html"
        | "text/css"
        | "text/javascript"
        | "application/javascript"
        | "image/svg+xml"
        | "application/json" => {
            format!("{}; charset=utf-8", file.metadata.mimetype())
        }
        other => other.to_string(),
    };
    Some(Asset { bytes: file.data, gzip, content_type, immutable: path.starts_with("assets/") })
}

/// The client's page, which every address outside `/api` opens.
pub fn index_html() -> Asset {
    asset("index.html").expect("build.rs checks that the client has an index.html")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_and_its_script_are_embedded() {
        let index = index_html();
        let html = String::from_utf8_lossy(&index.bytes).to_string();
        assert!(html.contains("<div id=\"app\">"), "{html}");
        assert_eq!(index.content_type, "text/html; charset=utf-8");
        assert!(!index.immutable);
        let script = html.split("src=\"/").nth(1).and_then(|s| s.split('"').next()).expect("a script tag");
        let js = asset(script).expect("the script the page names");
        assert!(js.immutable, "{script}");
        assert!(js.content_type.contains("javascript"), "{}", js.content_type);
        let gz = js.gzip.expect("a gzip copy of the script");
        assert!(gz.len() < js.bytes.len());
    }

    #[test]
    fn nothing_else_is_found() {
        assert!(asset("nope.js").is_none());
        assert!(asset("assets/nope.js").is_none());
        assert!(asset("index.html.gz").is_none(), "the gzip copies are not files of their own");
    }
}
