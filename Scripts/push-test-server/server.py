#!/usr/bin/env python3
"""A local stand-in for APNs, for the tests of `glance push` and `glance channels` (and for trying them).

It speaks HTTP/2 over TLS (Hypercorn with h2) on 127.0.0.1, with a certificate made at start-up and signed by the
test certificate authority that Scripts/setup-push-tests.sh creates and adds to the system's trust store. It
serves the three APNs APIs on one port:

  POST   /3/device/<token>                 device pushes (update and push-to-start tokens)
  POST   /4/broadcasts/apps/<bundle id>    broadcast pushes, to channels created here
  POST   /1/apps/<bundle id>/channels      create a channel;  GET: read it;  DELETE: delete it
  GET    /1/apps/<bundle id>/all-channels  list channels

Every request's provider token is verified with PyJWT and `cryptography` (ES256, with the public key of
--key-file), then the path and headers are checked as APNs checks them, and the answer is APNs' status and JSON
reason. A test can script answers (--script), and reads what arrived (--record, one JSON object per request,
with the HTTP version and the connection it came on).

Usage: server.py --ca-dir DIR --key-file AuthKey_X.p8 --key-id KEYID --team-id TEAMID --bundle-id ID
                 [--port N] [--script FILE] [--record FILE] [--work-dir DIR] [--max-requests-per-connection N]
Prints one line, {"port": N, "url": "https://127.0.0.1:N"}, when it listens; runs until killed (SIGTERM or
SIGINT). --record appends to the file (earlier runs' lines stay). The server's certificate and key go to
--work-dir, or to a new temporary folder that is removed when the server is stopped.
--max-requests-per-connection (default 1000000) makes Hypercorn close each connection with HTTP/2 GOAWAY after
N requests; requests still in flight on it then get no answer. --http1-only offers only HTTP/1.1 by ALPN.

With --goaway-after N, --close-after N, --slow-first SECONDS, --apns-streams N or --max-concurrent-streams N
the stand-in serves with an
HTTP/2 server of its own (h2 without Hypercorn), which behaves as a well-made server does:
  --goaway-after N    after the N-th request on a connection, GOAWAY (NO_ERROR) with that stream as last-stream-id;
                      the streams up to it are answered, later ones never taken up; then the connection closes.
  --close-after N     the same after the N-th answer on a connection: streams received after it stay unanswered.
  --slow-first S      the first request of each connection is answered S seconds late.
  --apns-streams N    SETTINGS_MAX_CONCURRENT_STREAMS 1 until a connection's first answer, then N (as APNs does
                      until a provider token was validated); otherwise --max-concurrent-streams (default 100).
Its record entries also have "stream" (the stream id), "receivedAt" and "answeredAt" (seconds since 1970).

A script is a JSON object:
  {"rules": [{"method": "POST", "path": "/3/device/abcd", "channel": "<apns-channel-id>",
              "answers": [{"status": 429, "reason": "TooManyRequests", "headers": {"retry-after": "2"}},
                          {"status": 410, "reason": "Unregistered", "timestamp": 1767225600000},
                          {"status": 200, "delay": 2},
                          {"drop": true}, {"hang": true}]}],
   "channels": {"<channel id>": 0}}
A rule matches a request on the fields it has (method, path, apns-channel-id) and gives its answers in turn, one
per matching request; once they are used up, requests are checked as usual. An answer may also be
{"status": 500, "body": "<html>…", "headers": {"content-type": "text/html"}} (a body of its own instead of
{"reason": …}); "delay" waits that many seconds before answering; {"drop": true} closes the request's
connection without answering it (as a server that fails does: the client sees the stream end without an
answer); {"hang": true} never answers. "channels" exist from the start, with their message storage policy
(0: No Message Stored, 1: Most Recent Message Stored).
"""

import argparse
import asyncio
import base64
import datetime
import ipaddress
import json
import os
import re
import shutil
import signal
import socket
import ssl
import tempfile
import time
import uuid
import weakref

import h2.config
import h2.connection
import h2.events
import h2.exceptions
import h2.settings
import hyperframe.frame
import jwt
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from hypercorn.asyncio import serve
from hypercorn.config import Config
from hypercorn.protocol.h2 import H2Protocol

SUFFIX = ".push-type.liveactivity"
UUID_PATTERN = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
NAMESPACE = uuid.UUID("6f1c3e52-6a2b-4c1f-9a53-0d7b6c1e2f40")


# Hypercorn's HTTP/2 connections by client address, so a scripted {"drop": true} can close the connection a request
# came on (ASGI gives an application no handle on its connection).
CONNECTIONS = weakref.WeakValueDictionary()
_h2_init = H2Protocol.__init__


def _h2_init_registering(self, *args, **kwargs):
    _h2_init(self, *args, **kwargs)
    if self.client:
        CONNECTIONS[tuple(self.client)] = self


H2Protocol.__init__ = _h2_init_registering


def leaf_certificate(ca_dir, folder):
    """A certificate for 127.0.0.1 and localhost, signed by the test CA; returns (certfile, keyfile)."""
    with open(f"{ca_dir}/ca.pem", "rb") as file:
        ca_cert = x509.load_pem_x509_certificate(file.read())
    with open(f"{ca_dir}/ca-key.pem", "rb") as file:
        ca_key = serialization.load_pem_private_key(file.read(), password=None)
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Glance APNs stand-in")]))
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName([
            x509.DNSName("localhost"),
            x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
        ]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    certfile, keyfile = f"{folder}/server.pem", f"{folder}/server-key.pem"
    with open(certfile, "wb") as file:
        file.write(cert.public_bytes(serialization.Encoding.PEM))
    with open(keyfile, "wb") as file:
        file.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                     serialization.NoEncryption()))
    return certfile, keyfile


class StandIn:
    """The ASGI application: APNs' three APIs, verified and scripted."""

    def __init__(self, args):
        with open(args.key_file, "rb") as file:
            self.public_key = serialization.load_pem_private_key(file.read(), password=None).public_key()
        self.key_id, self.team_id, self.bundle_id = args.key_id, args.team_id, args.bundle_id
        script = {}
        if args.script:
            with open(args.script) as file:
                script = json.load(file)
        # Each rule: match fields (method, path, channel) and answers given in turn; when a rule has given all its
        # answers, requests it matches are checked as usual.
        self.rules = [dict(rule, answers=list(rule.get("answers", []))) for rule in script.get("rules", [])]
        self.channels = dict(script.get("channels", {}))
        self.record = open(args.record, "a") if args.record else None
        self.created = 0
        self.count = 0

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        header_list = [(name.decode("latin-1"), value.decode("latin-1")) for name, value in scope["headers"]]
        client = "%s:%s" % tuple(scope["client"] or ("?", 0))
        entry, status, response_headers, payload, delay, action = self.prepare(
            scope["method"], scope["path"], header_list, body, client, scope["http_version"])
        self.write_record(entry)
        if delay:
            await asyncio.sleep(delay)
        if action == "hang":
            await asyncio.Event().wait()
        if action == "drop":
            # Abort the TCP connection (no TLS close_notify, no GOAWAY), as a server that fails does.
            connection = CONNECTIONS.get(tuple(scope["client"] or ()))
            writer = getattr(getattr(connection, "send", None), "__self__", None)
            writer = getattr(writer, "writer", None)
            if writer is None:
                # Not silently: the request would end without a drop, and a test would fail for another reason.
                raise RuntimeError("drop: no connection known for client %r" % (scope["client"],))
            writer.transport.abort()
            return
        await send({"type": "http.response.start", "status": status, "headers": response_headers})
        await send({"type": "http.response.body", "body": payload})

    def prepare(self, method, path, header_list, body, client, http_version):
        """A request's record entry and answer: (entry, status, headers [(bytes, bytes)], body bytes, delay seconds,
        action: None, "drop" or "hang")."""
        headers = {}
        for name, value in header_list:
            headers.setdefault(name, value)
        self.count += 1
        entry = {
            "method": method,
            "path": path,
            "httpVersion": http_version,
            "connection": client,
            "headers": header_list,
            "body": body.decode("utf-8", "replace"),
            "jwt": self.verify_token(headers.get("authorization")),
        }
        status, reason, extra = self.answer(method, path, headers, body, entry["jwt"])
        entry["status"], entry["reason"] = status, reason
        # Entries of `extra` that are not headers: "json", a body; "timestamp", the 410 body's milliseconds;
        # "body", a scripted body as it is; "delay", "drop" and "hang", what a script asks for.
        payload = extra.pop("json", b"")
        timestamp = extra.pop("timestamp", None)
        raw_body = extra.pop("body", None)
        delay = extra.pop("delay", 0)
        action = "drop" if extra.pop("drop", False) else "hang" if extra.pop("hang", False) else None
        if action:
            entry["action"] = action
        response_headers = [(name.encode(), str(value).encode()) for name, value in extra.items()]
        if reason is not None:
            error = {"reason": reason}
            if status == 410:
                error["timestamp"] = timestamp if timestamp is not None else int(time.time() * 1000)
            payload = json.dumps(error).encode()
        if raw_body is not None:
            payload = raw_body.encode()
        elif payload:
            response_headers.append((b"content-type", b"application/json"))
        return entry, status, response_headers, payload, delay, action

    def write_record(self, entry):
        if self.record:
            self.record.write(json.dumps(entry) + "\n")
            self.record.flush()

    def verify_token(self, authorization):
        """The provider token, checked by PyJWT: signature (ES256 only), kid, iss and iat."""
        if not authorization:
            return {"present": False, "valid": False}
        if not authorization.startswith("bearer "):
            return {"present": True, "valid": False, "error": "not 'bearer <token>'"}
        token = authorization[len("bearer "):]
        result = {"present": True, "valid": False}
        try:
            result["header"] = jwt.get_unverified_header(token)
            claims = jwt.decode(token, self.public_key, algorithms=["ES256"],
                                options={"verify_iat": False, "verify_exp": False, "verify_nbf": False,
                                         "require": ["iss", "iat"]})
            result["claims"] = claims
            result["valid"] = True
        except jwt.PyJWTError as error:
            result["error"] = "%s: %s" % (type(error).__name__, error)
        return result

    def scripted(self, method, path, headers):
        for rule in self.rules:
            if not rule["answers"]:
                continue
            if rule.get("method", method) != method or rule.get("path", path) != path:
                continue
            if "channel" in rule and rule["channel"] != headers.get("apns-channel-id"):
                continue
            return rule["answers"].pop(0)
        return None

    def answer(self, method, path, headers, body, token):
        """(status, reason or None, response headers)."""
        request_id = headers.get("apns-id") or headers.get("apns-request-id")
        device = re.fullmatch(r"/3/device/([^/]*)", path)
        broadcast = re.fullmatch(r"/4/broadcasts/apps/([^/]+)", path)
        channel = re.fullmatch(r"/1/apps/([^/]+)/(channels|all-channels)", path)
        identifier = request_id or str(uuid.uuid5(NAMESPACE, "%s %s %s" % (method, path, headers.get("apns-channel-id"))))
        unique = str(uuid.uuid5(NAMESPACE, "unique " + identifier))
        id_headers = {"apns-id": identifier} if device else {"apns-request-id": identifier}
        if broadcast or device:
            id_headers["apns-unique-id"] = unique

        scripted = self.scripted(method, path, headers)
        if scripted is not None:
            extra = dict(id_headers)
            extra.update(scripted.get("headers", {}))
            for key in ("timestamp", "body", "delay", "drop", "hang"):
                if key in scripted:
                    extra[key] = scripted[key]
            if scripted.get("drop") or scripted.get("hang"):
                return None, None, extra
            return scripted["status"], scripted.get("reason"), extra

        def refuse(status, reason):
            return status, reason, id_headers

        if not (device or broadcast or channel):
            return refuse(404, "BadPath")
        expected_method = "POST" if (device or broadcast) else ("GET" if channel.group(2) == "all-channels" else None)
        if expected_method and method != expected_method or channel and method not in ("POST", "GET", "DELETE"):
            return refuse(405, "MethodNotAllowed")
        problem = self.token_problem(token)
        if problem:
            return refuse(403, problem)
        if device:
            return self.device(device.group(1), headers, body, id_headers)
        if broadcast:
            return self.broadcast(broadcast.group(1), headers, body, id_headers)
        return self.channel(method, channel.group(1), channel.group(2), headers, body, id_headers)

    def token_problem(self, token):
        if not token["present"]:
            return "MissingProviderToken"
        if not token["valid"]:
            return "InvalidProviderToken"
        if token["header"].get("kid") != self.key_id or token["claims"].get("iss") != self.team_id:
            return "InvalidProviderToken"
        if time.time() - float(token["claims"]["iat"]) > 3600:
            return "ExpiredProviderToken"
        return None

    def common_headers(self, headers, body, limit, priorities):
        if headers.get("apns-push-type") is None and limit == 5120:
            return 400, "MissingPushType"
        if headers.get("apns-push-type") != "liveactivity":
            return 400, "InvalidPushType"
        if "apns-priority" in headers and headers["apns-priority"] not in priorities:
            return 400, "BadPriority"
        if "apns-expiration" in headers and not re.fullmatch(r"[0-9]+", headers["apns-expiration"]):
            return 400, "BadExpirationDate"
        identifier = headers.get("apns-id") or headers.get("apns-request-id")
        if identifier is not None and not UUID_PATTERN.fullmatch(identifier):
            return 400, "BadMessageId"
        if not body:
            return 400, "PayloadEmpty"
        if len(body) > limit:
            return 413, "PayloadTooLarge"
        return None

    def device(self, token, headers, body, id_headers):
        if not token:
            return 400, "MissingDeviceToken", id_headers
        if not re.fullmatch(r"(?:[0-9a-fA-F]{2})+", token):
            return 400, "BadDeviceToken", id_headers
        if "apns-topic" not in headers:
            return 400, "MissingTopic", id_headers
        if headers["apns-topic"] != self.bundle_id + SUFFIX:
            return 400, "DeviceTokenNotForTopic", id_headers
        if len(headers.get("apns-collapse-id", "").encode()) > 64:
            return 400, "BadCollapseId", id_headers
        problem = self.common_headers(headers, body, 4096, ("5", "10"))
        if problem:
            return problem + (id_headers,)
        return 200, None, id_headers

    def broadcast(self, bundle, headers, body, id_headers):
        if ".push-type." in bundle:
            return 400, "TopicDisallowed", id_headers
        if bundle != self.bundle_id:
            return 403, "TopicMismatch", id_headers
        channel = headers.get("apns-channel-id")
        if channel is None:
            return 400, "MissingChannelId", id_headers
        if channel not in self.channels:
            return 400, "ChannelNotRegistered", id_headers
        problem = self.common_headers(headers, body, 5120, ("1", "5", "10"))
        if problem:
            return problem + (id_headers,)
        if "apns-expiration" not in headers or self.channels[channel] == 0 and headers["apns-expiration"] != "0":
            return 400, "BadExpirationDate", id_headers
        return 200, None, id_headers

    def channel(self, method, bundle, route, headers, body, id_headers):
        if bundle != self.bundle_id:
            return 403, "TopicMismatch", id_headers
        if route == "all-channels":
            listing = {"channels": sorted(self.channels)}
            return 200, None, dict(id_headers, json=json.dumps(listing).encode())
        if method == "POST":
            try:
                config = json.loads(body)
            except ValueError:
                return 400, "BadRequestPayload", id_headers
            if not isinstance(config, dict) or config.get("message-storage-policy") not in (0, 1) \
                    or config.get("push-type") != "LiveActivity":
                return 400, "BadRequestPayload", id_headers
            self.created += 1
            identifier = base64.b64encode(uuid.uuid5(NAMESPACE, "channel %d" % self.created).bytes).decode()
            self.channels[identifier] = config["message-storage-policy"]
            return 201, None, dict(id_headers, **{"apns-channel-id": identifier})
        channel = headers.get("apns-channel-id")
        if channel is None:
            return 400, "MissingChannelId", id_headers
        if channel not in self.channels:
            return 400, "ChannelNotRegistered", id_headers
        if method == "DELETE":
            del self.channels[channel]
            return 204, None, id_headers
        config = {"message-storage-policy": self.channels[channel], "push-type": "LiveActivity"}
        return 200, None, dict(id_headers, json=json.dumps(config).encode())


class RawConnection:
    """One HTTP/2 connection of the stand-in's own server (h2 without Hypercorn), for what Hypercorn cannot do: a
    GOAWAY after which the streams it covers are still answered, a connection closed after N answers, a slow first
    answer, and APNs' SETTINGS (one stream until the first answer, then more)."""

    def __init__(self, app, args, reader, writer):
        self.app, self.args, self.reader, self.writer = app, args, reader, writer
        peer = writer.get_extra_info("peername") or ("?", 0)
        self.client = "%s:%s" % (peer[0], peer[1])
        self.connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False, header_encoding=None))
        streams = 1 if args.apns_streams else args.max_concurrent_streams or 100
        self.connection.local_settings = h2.settings.Settings(
            client=False, initial_values={h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS: streams})
        self.requests = {}         # stream id -> {"headers": [...], "body": bytes, "receivedAt": seconds}
        self.received = 0          # requests received on this connection
        self.answered = 0          # answers sent on it
        self.started = False       # whether a request was taken up
        self.goaway_last = None    # the last-stream-id of the GOAWAY sent, if one was
        self.working = set()       # streams taken up and not answered yet
        self.closing = False
        self.close_at = None       # when a closing connection is closed

    def flush(self):
        data = self.connection.data_to_send()
        if data:
            self.writer.write(data)

    def goaway(self, last_stream_id):
        """GOAWAY with NO_ERROR, written beside h2 (whose own close_connection ends the connection for every stream):
        streams up to `last_stream_id` are still answered; later ones are never taken up."""
        self.goaway_last = last_stream_id
        self.flush()
        self.writer.write(hyperframe.frame.GoAwayFrame(stream_id=0, last_stream_id=last_stream_id, error_code=0).serialize())

    async def run(self):
        self.connection.initiate_connection()
        self.flush()
        try:
            while True:
                if self.close_at is None:
                    data = await self.reader.read(65536)
                else:
                    try:
                        data = await asyncio.wait_for(self.reader.read(65536), timeout=max(0.01, self.close_at - time.time()))
                    except asyncio.TimeoutError:
                        break
                if not data:
                    break
                if self.closing:
                    continue
                try:
                    events = self.connection.receive_data(data)
                except h2.exceptions.ProtocolError as error:
                    print("stand-in: HTTP/2 protocol error from %s: %r" % (self.client, error), flush=True)
                    break
                for event in events:
                    self.handle(event)
                self.flush()
                await self.writer.drain()
        except (ConnectionError, ssl.SSLError):
            pass
        finally:
            self.writer.close()

    def handle(self, event):
        if isinstance(event, h2.events.RequestReceived):
            self.received += 1
            self.requests[event.stream_id] = {"headers": event.headers, "body": b"", "receivedAt": time.time()}
            if self.goaway_last is None and self.args.goaway_after and self.received == self.args.goaway_after:
                self.goaway(event.stream_id)
        elif isinstance(event, h2.events.DataReceived):
            if event.stream_id in self.requests:
                self.requests[event.stream_id]["body"] += event.data
            self.connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
        elif isinstance(event, h2.events.StreamEnded):
            if self.goaway_last is not None and event.stream_id > self.goaway_last or self.closing:
                return  # not taken up: the client knows from the GOAWAY
            self.working.add(event.stream_id)
            asyncio.ensure_future(self.process(event.stream_id))
        elif isinstance(event, h2.events.StreamReset):
            self.requests.pop(event.stream_id, None)
        elif isinstance(event, h2.events.ConnectionTerminated):
            self.closing = True

    async def process(self, stream_id):
        request = self.requests.pop(stream_id, None)
        if request is None or self.closing or self.goaway_last is not None and stream_id > self.goaway_last:
            self.working.discard(stream_id)
            return
        first = not self.started
        self.started = True
        header_list = [(name.decode("latin-1"), value.decode("latin-1")) for name, value in request["headers"]]
        pseudo = dict(header for header in header_list if header[0].startswith(":"))
        plain = [header for header in header_list if not header[0].startswith(":")]
        entry, status, headers, payload, delay, action = self.app.prepare(
            pseudo.get(":method"), pseudo.get(":path"), plain, request["body"], self.client, "2")
        entry["stream"], entry["receivedAt"] = stream_id, request["receivedAt"]
        if first and self.args.slow_first:
            delay += self.args.slow_first
        if delay:
            await asyncio.sleep(delay)
        if action == "hang":
            self.app.write_record(entry)
            await asyncio.Event().wait()
        if self.closing:
            self.working.discard(stream_id)
            return
        if action == "drop":
            self.app.write_record(entry)
            self.closing = True
            self.writer.transport.abort()
            return
        try:
            self.connection.send_headers(stream_id, [(b":status", b"%d" % status)] + headers, end_stream=not payload)
            if payload:
                self.connection.send_data(stream_id, payload, end_stream=True)
        except h2.exceptions.StreamClosedError:
            self.working.discard(stream_id)
            return
        entry["answeredAt"] = time.time()
        self.app.write_record(entry)
        self.answered += 1
        self.working.discard(stream_id)
        if first and self.args.apns_streams:
            self.connection.update_settings({h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS: self.args.apns_streams})
        self.flush()
        if self.args.close_after and self.answered == self.args.close_after and self.goaway_last is None:
            # Streams received after this one are not taken up: the GOAWAY tells the client they were not processed.
            self.goaway(stream_id)
        if self.goaway_last is not None and not any(identifier <= self.goaway_last for identifier in self.working):
            self.closing = True
            await self.linger()

    async def linger(self):
        """Sends what is left and has the connection closed half a second later: meanwhile what the client still
        sends is read and dropped (closing with unread data would reset the connection, and the client could lose
        the GOAWAY)."""
        self.flush()
        self.close_at = time.time() + 0.5


async def serve_raw(app, args, certfile, keyfile, listener):
    """The stand-in's own HTTP/2 server (see RawConnection)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    context.set_alpn_protocols(["h2"])
    server = await asyncio.start_server(lambda reader, writer: RawConnection(app, args, reader, writer).run(),
                                        sock=listener, ssl=context)
    async with server:
        await asyncio.Event().wait()


async def main():
    parser = argparse.ArgumentParser(description="A local stand-in for APNs (HTTP/2 over TLS).")
    parser.add_argument("--ca-dir", required=True, help="the test CA's folder (ca.pem, ca-key.pem)")
    parser.add_argument("--key-file", required=True, help="the .p8 key whose public key verifies provider tokens")
    parser.add_argument("--key-id", required=True)
    parser.add_argument("--team-id", required=True)
    parser.add_argument("--bundle-id", required=True)
    parser.add_argument("--port", type=int, default=0, help="default: any free port")
    parser.add_argument("--script", help="a JSON file of scripted answers and channels")
    parser.add_argument("--record", help="append one JSON object per request to this file")
    parser.add_argument("--work-dir", help="where to write the server's certificate (default: a new temporary folder)")
    parser.add_argument("--max-requests-per-connection", type=int, default=1_000_000,
                        help="close a connection (HTTP/2 GOAWAY) after this many requests, as APNs may (default 1000000)")
    parser.add_argument("--goaway-after", type=int, default=0,
                        help="own server: after N requests on a connection, GOAWAY with the N-th as last-stream-id; "
                             "the streams up to it are answered, later ones never taken up")
    parser.add_argument("--close-after", type=int, default=0,
                        help="own server: after N answers on a connection, GOAWAY and close it; streams received but "
                             "not taken up are never answered")
    parser.add_argument("--slow-first", type=float, default=0,
                        help="own server: answer the first request of each connection this many seconds late")
    parser.add_argument("--apns-streams", type=int, default=0,
                        help="own server: SETTINGS_MAX_CONCURRENT_STREAMS 1 until the first answer, then N (as APNs)")
    parser.add_argument("--max-concurrent-streams", type=int, default=0,
                        help="own server: SETTINGS_MAX_CONCURRENT_STREAMS (default 100)")
    parser.add_argument("--http1-only", action="store_true",
                        help="offer only HTTP/1.1 by ALPN (a server that does not speak HTTP/2)")
    args = parser.parse_args()
    app = StandIn(args)
    folder = args.work_dir
    if not folder:
        folder = tempfile.mkdtemp(prefix="glance-apns-stand-in-")
        TEMPORARY_FOLDERS.append(folder)
    certfile, keyfile = leaf_certificate(args.ca_dir, folder)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", args.port))
    listener.listen(128)
    port = listener.getsockname()[1]
    config = Config()
    config.bind = ["fd://%d" % listener.fileno()]
    config.certfile, config.keyfile = certfile, keyfile
    config.alpn_protocols = ["http/1.1"] if args.http1_only else ["h2", "http/1.1"]
    config.accesslog = None
    config.errorlog = "-"
    config.graceful_timeout = 0
    config.keep_alive_max_requests = args.max_requests_per_connection
    # APNs keeps an idle connection open for a long time; Hypercorn's default (5 s) would close it between two
    # pushes of a batch on a loaded machine, and the tests that count connections would see a second one.
    config.keep_alive_timeout = 600
    print(json.dumps({"port": port, "url": "https://127.0.0.1:%d" % port}), flush=True)
    if args.goaway_after or args.close_after or args.slow_first or args.apns_streams or args.max_concurrent_streams:
        await serve_raw(app, args, certfile, keyfile, listener)
        return
    # With a shutdown trigger of its own, Hypercorn leaves SIGTERM and SIGINT alone: they end the process at once,
    # open connections or not.
    await serve(app, config, shutdown_trigger=asyncio.Event().wait)


# Folders made for the server's certificate and key (without --work-dir), removed when the server ends.
TEMPORARY_FOLDERS = []


def stop(*_):
    for folder in TEMPORARY_FOLDERS:
        shutil.rmtree(folder, ignore_errors=True)
    os._exit(0)


if __name__ == "__main__":
    # A parent may have started this process with SIGTERM blocked; end at once on it, and on Ctrl-C.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    asyncio.run(main())
