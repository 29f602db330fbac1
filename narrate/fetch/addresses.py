"""Which addresses a fetch may connect to: the rule against server-side request forgery.

A feed, a page or a redirect from the internet must not make narrate read a service on the
user's own machine or network (a router's admin page, a database's HTTP port, a cloud
machine's metadata at 169.254.169.254). So every connection is checked on the address it is
made to: the host is resolved once, every address it resolves to is checked, and the
connection goes to one of those checked addresses, never to the name again (DNS rebinding
cannot swap the answer between the check and the connect).

Three policies:

- `PUBLIC_ONLY`: public addresses only. For everything a remote document asks for (feed
  items, URL lists, submitted URLs) and their redirects.
- `USER_GIVEN`: what the user typed (`narrate http://127.0.0.1:8000/a.html`) may be private,
  and so may its redirects, until a public address answers: from then on only public ones
  (a public site cannot redirect narrate into the user's network).
- `PRIVATE_ALLOWED` (`--allow-private`): private addresses too, for feeds on a home network;
  cloud metadata addresses stay closed.

Tests run on loopback only: `treat_as_public` declares one loopback server (address and
port) public for the length of a `with` block, and a policy's `resolver` can be replaced to
make names resolve where a test wants. Nothing in narrate itself calls either.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from narrate.errors import FetchError

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int, float], Sequence[str]]
"""(host, port, seconds allowed) -> the addresses the host resolves to, as strings."""

# Where clouds answer with credentials: every IPv4 link-local address (AWS, GCP, Azure, Oracle
# and ECS/EKS agents all live in 169.254.0.0/16), AWS's IPv6 endpoints, Alibaba's.
_METADATA = tuple(ipaddress.ip_network(n) for n in ("169.254.0.0/16", "fd00:ec2::/32", "100.100.100.200/32"))
_METADATA_ADDRESSES = frozenset(ipaddress.ip_address(a) for a in (
    "169.254.169.254", "169.254.170.2", "169.254.170.23", "fd00:ec2::254", "fd00:ec2::23", "100.100.100.200"))
_SHARED = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT: inside a provider's network
_NAT64 = ipaddress.ip_network("64:ff9b::/96")  # reaches the IPv4 address in its last 32 bits
_SIX_TO_FOUR = ipaddress.ip_network("2002::/16")


class BlockedAddress(FetchError):
    """A connection the policy refuses; the message names the address and why."""


def _embedded_ipv4(address: Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address stands for (::ffff:a.b.c.d, NAT64, 6to4, ::a.b.c.d)."""
    if not isinstance(address, ipaddress.IPv6Address):
        return None
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address in _SIX_TO_FOUR:
        return address.sixtofour
    if int(address) >> 32 == 0 and int(address) > 1:  # deprecated IPv4-compatible ::a.b.c.d
        return ipaddress.IPv4Address(int(address))
    return None


def private_kind(address: str | Address) -> str | None:
    """Why an address is not public ("loopback", "private", "cloud metadata"...), or None
    when it is a public unicast address of the internet."""
    ip = ipaddress.ip_address(address) if isinstance(address, str) else address
    embedded = _embedded_ipv4(ip)
    if embedded is not None:
        return private_kind(embedded)
    if isinstance(ip, ipaddress.IPv6Address) and ip.scope_id:
        return "link-local"
    if ip in _METADATA_ADDRESSES:
        return "cloud metadata"
    for kind, test in (("loopback", ip.is_loopback), ("unspecified", ip.is_unspecified),
                       ("multicast", ip.is_multicast), ("link-local", ip.is_link_local),
                       ("private", ip.is_private), ("reserved", ip.is_reserved)):
        if test:
            return kind
    if ip.version == 4 and ip in _SHARED:
        return "shared (carrier-grade NAT)"
    if not ip.is_global:
        return "not globally routable"
    return None


def _is_metadata(ip: Address) -> bool:
    ip = _embedded_ipv4(ip) or ip
    return any(ip in network for network in _METADATA if network.version == ip.version)


_public_for_tests: frozenset[tuple[str, int]] = frozenset()
_public_lock = threading.Lock()


@contextlib.contextmanager
def treat_as_public(*endpoints: tuple[str, int]) -> Iterator[None]:
    """For tests: these (address, port) pairs count as public inside the block, so a loopback
    server can play a site on the internet while every other loopback port stays private."""
    global _public_for_tests
    added = frozenset((str(ipaddress.ip_address(host)), port) for host, port in endpoints)
    with _public_lock:
        _public_for_tests = _public_for_tests | added
    try:
        yield
    finally:
        with _public_lock:
            _public_for_tests = _public_for_tests - added


def is_public(address: str | Address, port: int | None = None) -> bool:
    """A public internet address (or one a test declared public for this port)."""
    ip = ipaddress.ip_address(address) if isinstance(address, str) else address
    if port is not None and (str(ip), port) in _public_for_tests:
        return True
    return private_kind(ip) is None


def system_resolver(host: str, port: int, seconds: float) -> list[str]:
    """The host's addresses from the system resolver, waiting at most `seconds` (getaddrinfo
    cannot be interrupted, so it runs in a thread that is left to finish on its own)."""
    outcome: list[object] = []
    done = threading.Event()

    def resolve() -> None:
        try:
            outcome.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except (OSError, UnicodeError) as exc:
            outcome.append(exc)
        done.set()

    threading.Thread(target=resolve, name="resolve", daemon=True).start()
    if not done.wait(max(seconds, 0.0)):
        raise FetchError(f"cannot resolve {host} within {seconds:.3g} s (timed out)")
    result = outcome[0]
    if isinstance(result, Exception):
        reason = getattr(result, "strerror", None) or str(result) or type(result).__name__
        raise FetchError(f"cannot resolve {host} ({reason})")
    addresses: list[str] = []
    for family, _, _, _, sockaddr in result:  # type: ignore[union-attr]
        if family in (socket.AF_INET, socket.AF_INET6) and sockaddr[0] not in addresses:
            addresses.append(str(sockaddr[0]))
    if not addresses:
        raise FetchError(f"cannot resolve {host} (no IPv4 or IPv6 address)")
    return addresses


def _literal(host: str) -> Address | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None


@dataclass(frozen=True)
class AddressPolicy:
    """Which addresses one request may connect to (see the module's docstring)."""

    name: str
    private: bool  # loopback, private, link-local, ... addresses may be reached
    metadata: bool = False  # cloud metadata addresses too (only ever what the user typed)
    public_after_public: bool = False  # once a public address answers, only public ones
    resolver: Resolver = field(default=system_resolver, compare=False, repr=False)

    def refusal(self, address: str, port: int) -> str | None:
        """Why this policy refuses `address`:`port` ("a loopback address"), or None."""
        ip = ipaddress.ip_address(address)
        if is_public(ip, port):
            return None
        if self.private and (self.metadata or not _is_metadata(ip)):
            return None
        kind = private_kind(ip) or "private"
        return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} address"

    def addresses(self, host: str, port: int, seconds: float) -> list[str]:
        """Resolve `host` once and check every address it has: the checked addresses, the
        only ones a connection may go to; BlockedAddress when any is refused."""
        literal = _literal(host)
        found = [str(literal)] if literal is not None else list(self.resolver(host, port, seconds))
        for address in found:
            reason = self.refusal(address, port)
            if reason is not None:
                what = f"{address} is {reason}" if literal is not None else f"{host} resolves to {address}, {reason}"
                raise BlockedAddress(f"not fetched: {what}; {self.hint}")
        return found

    def after_answer_from(self, address: str, port: int) -> AddressPolicy:
        """The policy for the redirects that follow an answer from `address`."""
        if self.public_after_public and is_public(address, port):
            return replace(PUBLIC_ONLY, resolver=self.resolver)
        return self

    @property
    def hint(self) -> str:
        if self.private:
            return "cloud metadata addresses are never fetched for a feed or a redirect"
        return ("only an address you give narrate yourself may be private "
                "(narrate subscribe --allow-private opens feeds on your own network)")


PUBLIC_ONLY = AddressPolicy("public only", private=False)
USER_GIVEN = AddressPolicy("given by the user", private=True, metadata=True, public_after_public=True)
PRIVATE_ALLOWED = AddressPolicy("private allowed", private=True)
