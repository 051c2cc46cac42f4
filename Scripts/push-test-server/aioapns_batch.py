#!/usr/bin/env python3
"""The peer client of Scripts/benchmark-push.sh: sends one Live Activity push to every token of a file with aioapns
(PyPI), at its default settings (a pool of up to 10 connections, streams as the server allows; its default TLS
context, with ALPN h2), all notifications started at once as its documentation shows, and prints one JSON line: {"accepted": N, "refused": N, "connections": N}.

Usage: aioapns_batch.py --host HOST --port PORT --key-file AuthKey.p8 --key-id ID --team-id ID --bundle-id ID
                        --body BODY.json --tokens FILE
"""

import argparse
import asyncio
import json
import ssl

from aioapns import APNs, NotificationRequest, PushType
from aioapns.connection import APNsDevelopmentClientProtocol


async def main():
    parser = argparse.ArgumentParser()
    for name in ("--host", "--key-file", "--key-id", "--team-id", "--bundle-id", "--body", "--tokens"):
        parser.add_argument(name, required=True)
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    # aioapns knows only Apple's hosts: its sandbox protocol is pointed at the stand-in.
    APNsDevelopmentClientProtocol.APNS_SERVER = args.host
    APNsDevelopmentClientProtocol.APNS_PORT = args.port
    with open(args.key_file) as file:
        key = file.read()
    with open(args.body) as file:
        body = json.load(file)
    with open(args.tokens) as file:
        tokens = [line.strip() for line in file if line.strip()]
    # aioapns speaks HTTP/2 without asking for it by ALPN, which APNs allows and nginx does not: the same default
    # context, with ALPN h2.
    context = ssl.create_default_context()
    context.set_alpn_protocols(["h2"])
    client = APNs(key=key, key_id=args.key_id, team_id=args.team_id, topic=args.bundle_id + ".push-type.liveactivity",
                  use_sandbox=True, ssl_context=context)
    most = 0

    async def send(token):
        nonlocal most
        result = await client.send_notification(NotificationRequest(device_token=token, message=body,
                                                                    push_type=PushType.LIVEACTIVITY))
        most = max(most, len(client.pool.connections))
        return result.is_successful

    results = await asyncio.gather(*(send(token) for token in tokens))
    accepted = sum(1 for result in results if result)
    print(json.dumps({"accepted": accepted, "refused": len(results) - accepted, "connections": most}), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
