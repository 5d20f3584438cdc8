//! `tabula serve`: a local web server over an archive database (`tabula index`), for people who
//! would rather look than read.
//!
//! The server is a way in of its own, on the library's door like the program and the Python
//! package: every answer is the library's ([`tabula_replay::database`], [`tabula_replay::page`],
//! [`tabula_replay::show`]), so that the page, the program and the package never disagree. The
//! library itself pulls in no web stack; this crate brings axum on tokio.
//!
//! | path | what |
//! | --- | --- |
//! | `/` | the kinds in the database; `?player=NAME` lists that player's games |
//! | `/board?game=KIND[&position=P][&player=NAME][&view=V]` | the analysis board with the explorer beside it |
//! | `/game?game=KIND&fingerprint=HEX[&ply=N]` | a game's replay page, opened at that ply |
//! | `/api/explore?game=KIND&position=P[&dice=D][&player=NAME]` | `tabula explore --jsonl`'s object |
//! | `/api/find?game=KIND&position=P` | `tabula find --db --jsonl`'s objects, as an array |
//!
//! Safety: it binds loopback unless told otherwise and opens the database read-only; no path
//! of a request reaches the disk (a replay page reads the file the database names for that
//! game, and only while it holds the bytes that were indexed); a bad parameter gets a 400 with
//! `{"error": "<message>"}`, any other path a 404, any method but GET and HEAD a 405, a
//! request target over [`MAX_TARGET_BYTES`] a 414; as many questions are asked of the database at
//! once as the machine has cores ([`workers`]), the others wait their turn in order.
//!
//! ```no_run
//! use tabula_serve::{Config, Server};
//!
//! let server = Server::bind(&Config::local("archive.db".into(), 0))?;
//! println!("http://{}/", server.local_addr());
//! server.run()?;
//! # Ok::<(), tabula_serve::ServeError>(())
//! ```

mod pages;
mod params;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tabula_replay::database::{Database, DatabaseError};

use params::Params;

/// The longest request target (path and query) answered; a longer one gets a 414.
pub const MAX_TARGET_BYTES: usize = 4096;

/// The most questions asked of the database at once (each on a connection of its own): the
/// machine's cores, at least 2 and at most 16. More would share the cores and make every
/// question as slow as the slowest; fewer answered in turn keep a heavy question from slowing
/// the light ones beside it.
pub fn workers() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get).clamp(2, 16)
}

/// Where and what to serve.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database file, opened read-only.
    pub db: PathBuf,
    /// The address to listen on: loopback unless told otherwise.
    pub bind: IpAddr,
    /// The port; 0 lets the system choose one.
    pub port: u16,
}

impl Config {
    /// Serving `db` on loopback (`127.0.0.1`), port `port` (0: the system's choice).
    pub fn local(db: PathBuf, port: u16) -> Config {
        Config { db, bind: IpAddr::V4(Ipv4Addr::LOCALHOST), port }
    }
}

/// Why the server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database cannot be opened: missing, not a tabula database, of another version.
    #[error(transparent)]
    Database(#[from] DatabaseError),
    /// The address cannot be listened on.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// Why not.
        source: std::io::Error,
    },
    /// The server's threads cannot be started, or it stopped on an error.
    #[error("the server failed: {0}")]
    Io(#[from] std::io::Error),
}

/// The connections to the database, opened read-only as they are needed and kept for the next
/// question (at most [`workers`] of them), and the answers of `/api/explore` kept for the next
/// time they are asked.
struct Pool {
    path: PathBuf,
    /// Each idle connection with the `data_version` it last saw.
    idle: Mutex<Vec<(Database, i64)>>,
    turns: tokio::sync::Semaphore,
    answers: Mutex<Answers>,
}

/// The answers kept: cleared whenever a connection sees that another program (`tabula index`)
/// has written the file since it last looked, so that no answer outlives the data it was made
/// from; at most [`ANSWER_BYTES`] of them.
#[derive(Default)]
struct Answers {
    /// Counts the clearings: an answer made while one happened is not kept.
    generation: u64,
    bytes: usize,
    kept: std::collections::HashMap<String, Arc<str>>,
}

/// The most bytes of answers kept; past it they are all let go.
const ANSWER_BYTES: usize = 64 << 20;

impl Answers {
    fn clear(&mut self) {
        self.generation += 1;
        self.bytes = 0;
        self.kept.clear();
    }
}

impl Pool {
    fn new(path: PathBuf) -> Pool {
        Pool {
            path,
            idle: Mutex::new(Vec::new()),
            turns: tokio::sync::Semaphore::new(workers()),
            answers: Mutex::new(Answers::default()),
        }
    }

    /// Runs `ask` on a connection of its own, off the threads that serve requests.
    async fn ask<T: Send + 'static>(
        self: &Arc<Self>,
        ask: impl FnOnce(&Database) -> Result<T, Failure> + Send + 'static,
    ) -> Result<T, Failure> {
        self.with(move |pool, db| {
            pool.fresh(db)?;
            ask(&db.0)
        })
        .await
    }

    /// The answer to the question `key`: the one kept, or `ask`'s, then kept.
    async fn kept(
        self: &Arc<Self>,
        key: String,
        ask: impl FnOnce(&Database) -> Result<String, Failure> + Send + 'static,
    ) -> Result<Arc<str>, Failure> {
        self.with(move |pool, db| {
            let generation = pool.fresh(db)?;
            if let Some(answer) = pool.answers.lock().unwrap_or_else(PoisonError::into_inner).kept.get(&key) {
                return Ok(Arc::clone(answer));
            }
            let answer: Arc<str> = Arc::from(ask(&db.0)?);
            let mut answers = pool.answers.lock().unwrap_or_else(PoisonError::into_inner);
            if answers.generation == generation {
                if answers.bytes + answer.len() + key.len() > ANSWER_BYTES {
                    answers.clear();
                }
                answers.bytes += answer.len() + key.len();
                answers.kept.insert(key, Arc::clone(&answer));
            }
            Ok(answer)
        })
        .await
    }

    /// Clears the answers kept when the file has been written since this connection last
    /// looked (or the connection is new); the generation of the answers after that.
    fn fresh(&self, db: &mut (Database, i64)) -> Result<u64, Failure> {
        let version = db.0.data_version().map_err(Failure::of)?;
        let mut answers = self.answers.lock().unwrap_or_else(PoisonError::into_inner);
        if version != db.1 {
            db.1 = version;
            answers.clear();
        }
        Ok(answers.generation)
    }

    /// Runs `work` on a connection (taken from the idle ones, or opened) off the threads that
    /// serve requests, at most [`workers`] at once.
    async fn with<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Pool, &mut (Database, i64)) -> Result<T, Failure> + Send + 'static,
    ) -> Result<T, Failure> {
        let _turn = self.turns.acquire().await.map_err(|_| Failure::internal("the server is stopping"))?;
        let pool = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let taken = pool.idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let mut db = match taken {
                Some(db) => db,
                // A version no connection gives: a new connection clears the answers kept.
                None => (Database::open(&pool.path).map_err(|e| Failure::internal(&e.to_string()))?, i64::MIN),
            };
            let answer = work(&pool, &mut db);
            pool.idle.lock().unwrap_or_else(PoisonError::into_inner).push(db);
            answer
        })
        .await
        .map_err(|_| Failure::internal("a question of the database failed"))?
    }
}

/// An answer other than the one asked for: its status and the program's message.
#[derive(Debug)]
struct Failure {
    status: StatusCode,
    message: String,
}

impl Failure {
    fn bad(message: impl Into<String>) -> Failure {
        Failure { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    fn not_found(message: impl Into<String>) -> Failure {
        Failure { status: StatusCode::NOT_FOUND, message: message.into() }
    }

    fn internal(message: &str) -> Failure {
        Failure { status: StatusCode::INTERNAL_SERVER_ERROR, message: message.to_owned() }
    }

    /// A database's failure: a bad roll is the request's, anything else the server's.
    fn of(error: DatabaseError) -> Failure {
        match error {
            DatabaseError::Dice(_) => Failure::bad(error.to_string()),
            _ => Failure::internal(&error.to_string()),
        }
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message }).to_string();
        (self.status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
    }
}

/// A server bound to its address, ready to run.
#[derive(Debug)]
pub struct Server {
    listener: std::net::TcpListener,
    db: PathBuf,
}

impl Server {
    /// Opens the database (read-only, to refuse a file that is not one now rather than at the
    /// first request) and listens on the configured address.
    ///
    /// # Errors
    /// The database cannot be opened, or the address listened on.
    pub fn bind(config: &Config) -> Result<Server, ServeError> {
        drop(Database::open(&config.db)?);
        let addr = SocketAddr::new(config.bind, config.port);
        let listener = std::net::TcpListener::bind(addr).map_err(|source| ServeError::Bind { addr, source })?;
        listener.set_nonblocking(true).map_err(|source| ServeError::Bind { addr, source })?;
        Ok(Server { listener, db: config.db.clone() })
    }

    /// The address the server listens on (with the port the system chose).
    pub fn local_addr(&self) -> SocketAddr {
        // A bound listener has its address.
        self.listener.local_addr().unwrap_or_else(|_| SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0))
    }

    /// Serves until the process is interrupted (Ctrl-C, or SIGTERM on Unix), then lets the
    /// requests under way end.
    ///
    /// # Errors
    /// The server's threads cannot be started, or listening fails.
    pub fn run(self) -> Result<(), ServeError> {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(self.listener)?;
            let pool = Arc::new(Pool::new(self.db));
            axum::serve(listener, router(pool)).with_graceful_shutdown(stopped()).await
        })?;
        Ok(())
    }
}

/// Ctrl-C, or (on Unix) the SIGTERM a service manager sends.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// The paths, behind the checks every request passes first.
fn router(pool: Arc<Pool>) -> Router {
    Router::new()
        .route("/", get(pages::home))
        .route("/board", get(pages::board))
        .route("/game", get(pages::game))
        .route("/api/explore", get(pages::explore))
        .route("/api/find", get(pages::find))
        .fallback(not_found)
        .with_state(pool)
        .layer(middleware::from_fn(guard))
}

/// What every request passes before its path: its method, the length of its target. Every
/// answer, refusals included, says not to guess its type and not to keep it.
async fn guard(request: Request, next: Next) -> Response {
    let target = request.uri().path_and_query().map_or(0, |p| p.as_str().len());
    let mut response = if request.method() != Method::GET && request.method() != Method::HEAD {
        let message = format!("method {} not allowed: this server only reads (GET, HEAD)", request.method());
        let mut response = Failure { status: StatusCode::METHOD_NOT_ALLOWED, message }.into_response();
        response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        response
    } else if target > MAX_TARGET_BYTES {
        let message = format!("request target of {target} bytes refused: at most {MAX_TARGET_BYTES}");
        Failure { status: StatusCode::URI_TOO_LONG, message }.into_response()
    } else {
        next.run(request).await
    };
    let headers = response.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn not_found(request: Request) -> Failure {
    let path: String = request.uri().path().chars().take(200).collect();
    Failure::not_found(format!("no such page: {path}"))
}

/// A response of `body` as `content_type`.
fn answer(content_type: &'static str, body: String) -> Response {
    let mut response = Response::new(Body::from(body));
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

type Shared = State<Arc<Pool>>;

/// The parameters of a request to a path that takes `known`.
fn params(query: Option<&str>, known: &[&'static str]) -> Result<Params, Failure> {
    Params::read(query, known).map_err(Failure::bad)
}
