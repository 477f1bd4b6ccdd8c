"""Which address the phone server may listen on (kept apart from the server: the settings read it
without loading aiohttp)."""

from __future__ import annotations

import ipaddress
import socket


def lan_address() -> str:
    """The box's address on its local network (the one a route out would use), else 127.0.0.1.
    Nothing is sent: a UDP socket's connect only picks the interface."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    return address if is_private(address) else "127.0.0.1"


def is_private(address: str) -> bool:
    """Whether ``address`` is a loopback or private-network address (never bound by default otherwise)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_private
