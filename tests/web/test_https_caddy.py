"""HTTPS and WSS end to end: docs/deployment.md's Caddyfile and systemd unit, run on this machine.

Caddy (Debian's ``caddy``) stands in front of a real ``fatekit serve`` started as the unit starts
it; only the name (``fate.test``, which Chromium maps to 127.0.0.1), the ports, the paths and
the certificate authority (Caddy's internal one instead of a public one) differ. Chromium trusts
Caddy's root certificate through an NSS database, as it would the system's: a Chromium without
it is refused, so every page below loads because the certificate chain is valid for the name.
The GM (desktop) invites two players; one opens the address read from the QR code on a phone,
the other his link in Russian; a note from the phone reaches both other pages over ``wss://``.

Without ``caddy`` or NSS's ``certutil`` (``apt-get install caddy libnss3-tools``) the test is
skipped with a message; under CI (``CI=true``) it fails, and ``.ci/run`` installs them.
"""

from __future__ import annotations

import http.client
import json
import os
import queue
import re
import shlex
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fatekit.server.headers import PAGE_POLICY
from tests.web.conftest import ARGS, CHROMIUM
from tests.web.qr import qr_text

DOCS = Path(__file__).resolve().parents[2] / "docs" / "deployment.md"
NAME = "fate.test"
TOKEN = "caddy-test-operator-token-0123456789"


def _need(tool: str, package: str) -> str:
    found = shutil.which(tool)
    if found:
        return found
    message = f"no {tool} on this machine (apt-get install {package})"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def documented_site() -> str:
    """The site block of the Caddyfile in docs/deployment.md (its comments left out)."""
    text = DOCS.read_text(encoding="utf-8")
    block = re.search(r"```caddyfile\n(.*?)```", text, re.S)
    assert block is not None, "docs/deployment.md shows no Caddyfile"
    lines = [line for line in block.group(1).splitlines() if not line.lstrip().startswith("#")]
    return "\n".join(lines).strip()


def documented_unit() -> tuple[dict[str, str], list[str]]:
    """The ``Environment=`` settings and the ``ExecStart=`` command of the systemd unit in
    docs/deployment.md."""
    text = DOCS.read_text(encoding="utf-8")
    block = re.search(r"```ini\n# /etc/systemd/system/fatekit.service\n(.*?)```", text, re.S)
    assert block is not None, "docs/deployment.md shows no fatekit.service"
    unit = block.group(1)
    env = dict(
        line.removeprefix("Environment=").split("=", 1)
        for line in unit.splitlines()
        if line.startswith("Environment=")
    )
    start = re.search(r"^ExecStart=(.*)$", unit, re.M)
    assert start is not None
    return env, shlex.split(start.group(1))


@dataclass
class Site:
    """The proxy's public address, its root certificate, and the server behind it."""

    url: str
    root: Path
    port: int


def _https(
    site: Site,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    headers_out: dict[str, str] | None = None,
) -> Any:
    """A request to the site through Caddy, trusting only Caddy's root; status and JSON body
    (and the answer's headers into ``headers_out``)."""
    context = ssl.create_default_context(cafile=str(site.root))

    class Connection(http.client.HTTPSConnection):
        def connect(self) -> None:  # fate.test is 127.0.0.1; TLS still checks the name
            raw = socket.create_connection(("127.0.0.1", site.port), timeout=10)
            self.sock = context.wrap_socket(raw, server_hostname=NAME)

    connection = Connection(NAME, site.port, context=context, timeout=10)
    headers = {"content-type": "application/json", "accept": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    try:
        connection.request(method, path, None if body is None else json.dumps(body), headers)
        response = connection.getresponse()
        if headers_out is not None:
            headers_out.update((k.lower(), v) for k, v in response.getheaders())
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def _serve(tmp: Path, public_url: str) -> tuple[subprocess.Popen[str], int]:
    """``fatekit serve`` as the documented unit runs it; its process and port."""
    env, command = documented_unit()
    assert command[0].endswith("/bin/fatekit") and command[1] == "serve"
    args = [sys.executable, "-m", "fatekit", *command[1:]]
    args[args.index("--db") + 1] = str(tmp / "fatekit.db")
    args[args.index("--port") + 1] = "0"
    env["FATEKIT_PUBLIC_URL"] = env["FATEKIT_PUBLIC_URL"].replace(
        "https://fate.example.org", public_url
    )
    env["FATEKIT_ADMIN_TOKEN"] = TOKEN  # the unit's EnvironmentFile
    process = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **env},
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    seen = []
    while True:
        line = lines.get(timeout=30)
        if line is None:
            raise AssertionError("fatekit serve exited: " + "".join(seen))
        seen.append(line)
        if found := re.search(r"serving at http://127\.0\.0\.1:(\d+)/", line):
            return process, int(found.group(1))


def _caddy(tmp: Path, https_port: int, backend: int) -> tuple[subprocess.Popen[bytes], Path]:
    """Caddy with the documented site block on ``fate.test:<https_port>``, its internal CA
    issuing the certificate; its process and root certificate."""
    site = documented_site()
    assert site.startswith("fate.example.org {") and "127.0.0.1:8000" in site
    site = site.replace(
        "fate.example.org {", f"{NAME}:{https_port} {{\n\ttls internal\n\tbind 127.0.0.1", 1
    )
    site = site.replace("127.0.0.1:8000", f"127.0.0.1:{backend}")
    config = tmp / "Caddyfile"
    config.write_text(
        "{\n\tadmin off\n\tskip_install_trust\n"
        f"\thttp_port {_free_port()}\n\thttps_port {https_port}\n"
        f"\tstorage file_system {tmp / 'caddy'}\n}}\n\n{site}\n",
        encoding="utf-8",
    )
    home = tmp / "caddy-home"
    home.mkdir()
    process = subprocess.Popen(
        [_need("caddy", "caddy"), "run", "--config", str(config), "--adapter", "caddyfile"],
        stdout=subprocess.DEVNULL,
        stderr=(tmp / "caddy.log").open("wb"),
        env={
            **os.environ,
            "HOME": str(home),
            "XDG_DATA_HOME": str(home),
            "XDG_CONFIG_HOME": str(home),
        },
    )
    return process, tmp / "caddy" / "pki" / "authorities" / "local" / "root.crt"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """Caddy in front of ``fatekit serve``, both as documented; stopped afterwards."""
    _need("caddy", "caddy")
    _need("certutil", "libnss3-tools")
    https_port = _free_port()
    url = f"https://{NAME}:{https_port}"
    server, backend = _serve(tmp_path, url)
    caddy, root = _caddy(tmp_path, https_port, backend)
    try:
        found = Site(url, root, https_port)
        deadline = time.monotonic() + 30
        while True:  # until Caddy has made its authority and serves the site with it
            try:
                if root.exists() and _https(found, "GET", "/health")[0] == 200:
                    break
            except (OSError, ssl.SSLError):
                pass
            if caddy.poll() is not None or time.monotonic() > deadline:
                log = (tmp_path / "caddy.log").read_text(encoding="utf-8", errors="replace")
                raise AssertionError("Caddy did not serve the site: " + log[-2000:])
            time.sleep(0.2)
        yield found
    finally:
        caddy.terminate()
        server.terminate()
        caddy.wait(timeout=10)
        server.wait(timeout=10)


def _trusting(home: Path, root: Path) -> Path:
    """A home directory whose NSS database (where Chromium on Linux reads the certificate
    authorities a user added) trusts ``root`` to issue server certificates."""
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    certutil = _need("certutil", "libnss3-tools")
    subprocess.run([certutil, "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True)
    subprocess.run(
        [certutil, "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", "caddy-local", "-i", str(root)],
        check=True,
    )
    return home


def _chromium(playwright: Any, home: Path) -> Any:
    return playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=[*ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"],
        env={**os.environ, "HOME": str(home)},
    )


def test_a_table_over_https_and_wss_through_caddy(
    site: Site, playwright: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import Error, expect

    # A Chromium that does not know Caddy's authority is refused: trust is what lets it in.
    stranger = _chromium(playwright, tmp_path / "stranger")
    try:
        with pytest.raises(Error, match="ERR_CERT_AUTHORITY_INVALID"):
            stranger.new_page().goto(f"{site.url}/")
    finally:
        stranger.close()

    # Opening a table through the proxy needs the operator's token. The refusal, like every
    # answer, reaches the browser with the security headers the server sets.
    said: dict[str, str] = {}
    status, refused = _https(site, "POST", "/tables", {"name": "Harbour"}, headers_out=said)
    assert status == 401 and refused["error"] == "operator"
    assert said["content-security-policy"] == PAGE_POLICY
    assert said["x-content-type-options"] == "nosniff"
    assert said["referrer-policy"] == "no-referrer"
    assert said["x-frame-options"] == "DENY"
    status, made = _https(site, "POST", "/tables", {"name": "Harbour"}, token=TOKEN)
    assert status == 201
    assert made["url"] == f"{site.url}/#link={made['link']}"
    assert _https(site, "GET", "/address") == (
        200,
        {"url": f"{site.url}/", "public": True, "loopback": False},
    )

    browser = _chromium(playwright, _trusting(tmp_path / "home", site.root))
    sockets: list[str] = []
    errors: list[str] = []

    def page_of(context: Any) -> Any:
        page = context.new_page()
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    try:
        desk = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
        gm = page_of(desk)
        opened = gm.goto(made["url"])
        assert opened is not None and opened.headers["content-security-policy"] == PAGE_POLICY
        expect(gm.locator("#connection.live")).to_be_visible()
        assert gm.evaluate("location.protocol") == "https:"
        # The links lead to the public HTTPS address: no warning before inviting.
        expect(gm.locator("#invite-form")).to_be_visible()
        expect(gm.locator("#invite-warning")).to_have_count(0)
        invited = {}
        for name in ("Ann", "Bob"):
            gm.fill("#invite-name", name)
            gm.click("#invite-form button[type=submit]")
            seat = name.lower()
            expect(gm.locator(f"#invite-qr-{seat}")).to_have_attribute("src", re.compile("^blob:"))
            invited[seat] = gm.locator(f"#invite-link-{seat}").input_value()
            assert invited[seat].startswith(f"{site.url}/#link={made['table_id']}.")
        # Ann's phone reads the QR code on the GM's screen and opens what it says.
        read = qr_text(gm.locator("#invite-qr-ann"))
        assert read == invited["ann"]
        ann = page_of(browser.new_context(locale="it-IT", viewport={"width": 390, "height": 844}))
        ann.goto(read)
        expect(ann.locator("#connection.live")).to_be_visible()
        expect(ann.locator("[data-panel=you]")).to_contain_text("Ann")
        # A secure origin with a trusted certificate: the page's worker runs there.
        ann.wait_for_function("() => navigator.serviceWorker.controller !== null")
        bob = page_of(browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900}))
        bob.goto(invited["bob"])
        expect(bob.locator("#connection.live")).to_be_visible()
        # A note from the phone reaches the two other pages live, over wss:// through Caddy.
        ann.fill("#note-text", "The harbour lights are out.")
        ann.click("#note-form button[type=submit]")
        for page in (gm, bob, ann):
            expect(page.locator("#log-list")).to_contain_text("The harbour lights are out.")
        assert len(sockets) >= 3
        assert all(url.startswith(f"wss://{NAME}:{site.port}/tables/") for url in sockets), sockets
        assert errors == []
    finally:
        browser.close()
