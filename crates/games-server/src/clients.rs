//! [`Clients`]: who a client is and what it holds. A client is an IP address (an IPv6 client
//! its /64 network, the usual size of one subscriber's network); behind a trusted reverse proxy
//! it is the address the proxy forwards in `X-Forwarded-For`. Per client the server counts what
//! it holds at once (connections, sockets, games, Litama matches, hints) and limits its
//! rates (requests, creations, Litama commands) with `governor`'s keyed rate limiters.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::HeaderMap;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

use crate::config::ClientLimits;
use crate::error::ApiError;

/// What a client holds at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Resource {
    /// An HTTP connection.
    Connection,
    /// A WebSocket (a game's or `/litama`).
    WebSocket,
    /// A game it created, held in memory.
    Game,
    /// A Litama match it created.
    LitamaMatch,
    /// A hint computed or waiting.
    Hint,
}

impl Resource {
    const ALL: usize = 5;

    fn index(self) -> usize {
        self as usize
    }

    fn words(self) -> &'static str {
        match self {
            Resource::Connection => "connections",
            Resource::WebSocket => "WebSockets",
            Resource::Game => "games",
            Resource::LitamaMatch => "Litama matches",
            Resource::Hint => "hints at once",
        }
    }
}

/// What a client does at a rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rate {
    /// HTTP requests.
    Requests,
    /// Games created.
    Games,
    /// Litama matches created.
    LitamaMatches,
    /// Litama commands.
    LitamaCommands,
}

/// A refusal: what the client has too much of, and when to try again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TooMany {
    /// The message.
    pub(crate) message: String,
    /// When to try again, in whole seconds (at least 1).
    pub(crate) retry_after_secs: u64,
}

impl From<TooMany> for ApiError {
    fn from(t: TooMany) -> ApiError {
        ApiError::TooManyRequests {
            message: t.message,
            retry_after_secs: t.retry_after_secs,
        }
    }
}

/// A client's place in a count: dropping it gives the place back.
#[derive(Debug)]
pub(crate) struct Hold {
    clients: Arc<Clients>,
    client: IpAddr,
    resource: Resource,
}

impl Drop for Hold {
    fn drop(&mut self) {
        self.clients.release(self.client, self.resource);
    }
}

/// The counts and rate limiters of every client.
#[derive(Debug)]
pub(crate) struct Clients {
    limits: ClientLimits,
    held: Mutex<HashMap<IpAddr, [usize; Resource::ALL]>>,
    requests: DefaultKeyedRateLimiter<IpAddr>,
    games: DefaultKeyedRateLimiter<IpAddr>,
    litama_matches: DefaultKeyedRateLimiter<IpAddr>,
    litama_commands: DefaultKeyedRateLimiter<IpAddr>,
}

fn nonzero(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
}

fn per_minute(n: u32) -> Quota {
    Quota::per_minute(nonzero(n)).allow_burst(nonzero(n))
}

impl Clients {
    /// The counts and rate limiters of `limits`.
    pub(crate) fn new(limits: ClientLimits) -> Clients {
        let requests = Quota::per_second(nonzero(limits.requests_per_second))
            .allow_burst(nonzero(limits.request_burst));
        let commands = Quota::per_second(nonzero(limits.litama_commands_per_second))
            .allow_burst(nonzero(limits.litama_commands_per_second.saturating_mul(2)));
        Clients {
            requests: DefaultKeyedRateLimiter::keyed(requests),
            games: DefaultKeyedRateLimiter::keyed(per_minute(limits.games_per_minute)),
            litama_matches: DefaultKeyedRateLimiter::keyed(per_minute(
                limits.litama_matches_per_minute,
            )),
            litama_commands: DefaultKeyedRateLimiter::keyed(commands),
            held: Mutex::new(HashMap::new()),
            limits,
        }
    }

    /// The client of a connection from `peer` whose request has `headers`: `peer` itself
    /// unless it is a trusted proxy, in which case the last address of `X-Forwarded-For` that
    /// is not a trusted proxy (or `peer` if the header names none).
    pub(crate) fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let trusted = |ip: &IpAddr| self.is_trusted_proxy(*ip);
        if !trusted(&peer) {
            return key(peer);
        }
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .collect::<Vec<_>>();
        for entry in forwarded.iter().rev() {
            match entry.parse::<IpAddr>() {
                Ok(ip) if trusted(&ip) => {}
                Ok(ip) => return key(ip),
                Err(_) => break, // a malformed entry: believe nothing to its left
            }
        }
        key(peer)
    }

    /// Whether `peer` is a trusted reverse proxy.
    pub(crate) fn is_trusted_proxy(&self, peer: IpAddr) -> bool {
        self.limits.trusted_proxies.contains(&canonical(peer))
    }

    /// Takes a place of `resource` for `client`, or says why not.
    pub(crate) fn hold(
        self: &Arc<Self>,
        client: IpAddr,
        resource: Resource,
    ) -> Result<Hold, TooMany> {
        let client = key(client);
        let limit = match resource {
            Resource::Connection => self.limits.connections,
            Resource::WebSocket => self.limits.websockets,
            Resource::Game => self.limits.games_held,
            Resource::LitamaMatch => self.limits.litama_matches_held,
            Resource::Hint => self.limits.hints_at_once,
        };
        let mut held = self
            .held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let counts = held.entry(client).or_default();
        if counts[resource.index()] >= limit {
            if counts.iter().all(|&c| c == 0) {
                held.remove(&client);
            }
            return Err(TooMany {
                message: format!(
                    "too many {} from this address (at most {limit}); try again later",
                    resource.words()
                ),
                retry_after_secs: 5,
            });
        }
        counts[resource.index()] += 1;
        drop(held);
        Ok(Hold {
            clients: Arc::clone(self),
            client,
            resource,
        })
    }

    /// How many places of `resource` `client` holds.
    #[cfg(test)]
    pub(crate) fn holds(&self, client: IpAddr, resource: Resource) -> usize {
        let held = self
            .held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        held.get(&key(client)).map_or(0, |c| c[resource.index()])
    }

    fn release(&self, client: IpAddr, resource: Resource) {
        let mut held = self
            .held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(counts) = held.get_mut(&client) {
            counts[resource.index()] = counts[resource.index()].saturating_sub(1);
            if counts.iter().all(|&c| c == 0) {
                held.remove(&client);
            }
        }
    }

    /// Counts one `rate` event of `client`, or says when it may come again.
    pub(crate) fn check(&self, client: IpAddr, rate: Rate) -> Result<(), TooMany> {
        let (limiter, what) = match rate {
            Rate::Requests => (&self.requests, "requests"),
            Rate::Games => (&self.games, "games created"),
            Rate::LitamaMatches => (&self.litama_matches, "Litama matches created"),
            Rate::LitamaCommands => (&self.litama_commands, "Litama commands"),
        };
        limiter.check_key(&key(client)).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            TooMany {
                message: format!("too many {what} from this address; try again later"),
                retry_after_secs: wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
            }
            .at_least_one()
        })
    }

    /// Forgets the rate limiters' clients that are back to a full allowance (memory stays
    /// bounded by the clients of the last minutes).
    pub(crate) fn sweep(&self) {
        for limiter in [
            &self.requests,
            &self.games,
            &self.litama_matches,
            &self.litama_commands,
        ] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}

impl TooMany {
    fn at_least_one(mut self) -> TooMany {
        self.retry_after_secs = self.retry_after_secs.max(1);
        self
    }
}

/// An IPv4 address inside IPv6 (`::ffff:a.b.c.d`) as IPv4.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    }
}

/// The key a client is counted under: its IPv4 address, or its IPv6 /64 network.
pub(crate) fn key(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        v4 @ IpAddr::V4(_) => v4,
    }
}

/// How long a refusal of the server's own limits (503) asks a client to wait.
pub(crate) const RETRY_WHEN_FULL: Duration = Duration::from_secs(30);

#[cfg(test)]
mod tests {
    use super::*;

    fn clients(trusted: &[&str]) -> Arc<Clients> {
        let limits = ClientLimits {
            trusted_proxies: trusted.iter().map(|s| s.parse().unwrap()).collect(),
            games_held: 2,
            ..ClientLimits::default()
        };
        Arc::new(Clients::new(limits))
    }

    fn headers(xff: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", xff.parse().unwrap());
        h
    }

    #[test]
    fn forwarded_for_is_believed_only_from_trusted_proxies() {
        let c = clients(&["10.0.0.1"]);
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        // An untrusted peer: the header is ignored.
        assert_eq!(
            c.client(ip("192.0.2.7"), &headers("1.2.3.4")),
            ip("192.0.2.7")
        );
        // A trusted proxy: the last address it did not add itself.
        assert_eq!(
            c.client(ip("10.0.0.1"), &headers("6.6.6.6, 1.2.3.4")),
            ip("1.2.3.4")
        );
        assert_eq!(
            c.client(ip("10.0.0.1"), &headers("1.2.3.4, 10.0.0.1")),
            ip("1.2.3.4")
        );
        // A malformed header: the proxy itself.
        assert_eq!(c.client(ip("10.0.0.1"), &headers("junk")), ip("10.0.0.1"));
        assert_eq!(c.client(ip("10.0.0.1"), &HeaderMap::new()), ip("10.0.0.1"));
        // IPv6 clients by their /64, mapped IPv4 as IPv4.
        assert_eq!(
            c.client(ip("2001:db8:1:2:3:4:5:6"), &HeaderMap::new()),
            ip("2001:db8:1:2::")
        );
        assert_eq!(
            c.client(ip("::ffff:192.0.2.1"), &HeaderMap::new()),
            ip("192.0.2.1")
        );
    }

    #[test]
    fn holds_are_counted_and_given_back() {
        let c = clients(&[]);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let first = c.hold(a, Resource::Game).unwrap();
        let _second = c.hold(a, Resource::Game).unwrap();
        let refused = c.hold(a, Resource::Game).unwrap_err();
        assert!(refused.message.contains("at most 2"), "{}", refused.message);
        assert!(
            c.hold(b, Resource::Game).is_ok(),
            "another client is not concerned"
        );
        drop(first);
        assert_eq!(c.holds(a, Resource::Game), 1);
        assert!(c.hold(a, Resource::Game).is_ok());
    }

    #[test]
    fn rates_refuse_with_a_retry_time() {
        let c = Clients::new(ClientLimits {
            games_per_minute: 3,
            ..ClientLimits::default()
        });
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        for _ in 0..3 {
            c.check(a, Rate::Games).unwrap();
        }
        let refused = c.check(a, Rate::Games).unwrap_err();
        assert!((1..=20).contains(&refused.retry_after_secs), "{refused:?}");
        c.check("192.0.2.2".parse().unwrap(), Rate::Games).unwrap();
    }
}
