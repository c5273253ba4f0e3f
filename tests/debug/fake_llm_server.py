#!/usr/bin/env python3
"""fake_llm_server.py - a local OpenAI-compatible chat-completions server for tests/cli/llm.sh.

Usage: python3 fake_llm_server.py REQUEST_LOG
Binds 127.0.0.1 on a free port, prints the port on the first line of stdout, then serves until
killed. Each request's JSON body is appended (one line) to REQUEST_LOG. The answer depends on the
request's "model" (or ?mode= in the URL):
  good       a valid answer with a set_env patch      fenced    the same inside a ```json fence
  malformed  content that is not JSON                  invalidop a patch with an unknown operation
  timeout    sleeps 30 s before answering              http500   HTTP 500 with an error body
  oversized  a 2 MiB body                              auth      401 unless "Authorization: Bearer sekret"
"""
import json
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

GOOD = {
    "cause": "NCCL could not set up its transport; more NCCL output is needed to tell why.",
    "category": "communication",
    "patch": [{"op": "set_env", "name": "NCCL_DEBUG", "value": "INFO"}],
}
INVALID = {
    "cause": "Something odd.",
    "category": "framework",
    "patch": [{"op": "run_shell", "command": "rm -rf $HOME"}],
}


def chat(content):
    return {
        "id": "fake-1",
        "object": "chat.completion",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
    }


class Handler(BaseHTTPRequestHandler):
    def log_message(self, fmt, *args):  # keep the test output clean
        pass

    def send(self, status, body, ctype="application/json"):
        data = body if isinstance(body, bytes) else body.encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(n)
        with open(sys.argv[1], "ab") as f:
            f.write(raw.replace(b"\n", b" ") + b"\n")
        try:
            req = json.loads(raw)
        except ValueError:
            return self.send(400, '{"error": "bad json"}')
        if not urlparse(self.path).path.endswith("/chat/completions"):
            return self.send(404, '{"error": "not found"}')
        mode = parse_qs(urlparse(self.path).query).get("mode", [req.get("model", "good")])[0]
        if mode == "good":
            return self.send(200, json.dumps(chat(json.dumps(GOOD))))
        if mode == "fenced":
            return self.send(200, json.dumps(chat("Here you go:\n```json\n" + json.dumps(GOOD, indent=2) + "\n```\n")))
        if mode == "malformed":
            return self.send(200, json.dumps(chat("I believe the network is misconfigured {cause: maybe")))
        if mode == "invalidop":
            return self.send(200, json.dumps(chat(json.dumps(INVALID))))
        if mode == "timeout":
            time.sleep(30)
            return self.send(200, json.dumps(chat(json.dumps(GOOD))))
        if mode == "http500":
            return self.send(500, '{"error": {"message": "model overloaded"}}')
        if mode == "oversized":
            return self.send(200, json.dumps(chat("x" * (2 * 1024 * 1024))))
        if mode == "auth":
            if self.headers.get("Authorization") != "Bearer sekret":
                return self.send(401, '{"error": "unauthorized"}')
            return self.send(200, json.dumps(chat(json.dumps(GOOD))))
        return self.send(400, '{"error": "unknown mode"}')


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
