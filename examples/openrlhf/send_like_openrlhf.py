#!/usr/bin/env python3
"""Send a reward request to `prism serve` exactly as OpenRLHF's remote reward client does.

OpenRLHF (`--reward.remote_url URL`, older versions `--remote_rm_url URL`) decodes prompt + response
tokens into one string per sample and POSTs JSON

    {"query": [prompt + response, ...], "prompts": [prompt, ...], "labels": [label, ...]}

to the URL (aiohttp, `json=` body, 180 s timeout, 5 tries one second apart; current versions send
one sample per request, older ones a whole rollout), then reads `rewards`, `scores` and
`extra_logs` from the JSON answer. An error status is retried, then the sample is left without a
reward: for retries that outlast a server restart, use `prism_reward_func.py` beside this file. `labels` come from `--data.label_key` (here: the
problem id). A token in the URL (`http://prism:TOKEN@host:8000/get_reward`) is sent as HTTP Basic
auth, as aiohttp does; `prism serve` accepts the token as the Basic password.

Usage: python3 send_like_openrlhf.py --url http://127.0.0.1:8000/get_reward [--answers FILE.jsonl] [--n 8]
Standard library only.
"""
import argparse
import base64
import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

CHAT_PROMPT = "<|im_start|>system\nYou are a physicist.<|im_end|>\n<|im_start|>user\n{question}<|im_end|>\n<|im_start|>assistant\n"


def post_like_openrlhf(url, payload, try_max_times=5):
    """POST `payload` as JSON like OpenRLHF's `_post_request`: raise on HTTP errors, retry 5 times."""
    parts = urllib.parse.urlsplit(url)
    headers = {"Content-Type": "application/json"}
    if parts.username is not None or parts.password is not None:
        # aiohttp turns URL credentials into Basic auth and strips them from the URL.
        user = urllib.parse.unquote(parts.username or "")
        password = urllib.parse.unquote(parts.password or "")
        headers["Authorization"] = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        netloc = parts.hostname + (f":{parts.port}" if parts.port else "")
        url = urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
    body = json.dumps(payload).encode("utf-8")
    last = None
    for _ in range(try_max_times):
        try:
            request = urllib.request.Request(url, data=body, headers=headers, method="POST")
            with urllib.request.urlopen(request, timeout=180) as response:
                return json.loads(response.read().decode("utf-8"))
        except (urllib.error.URLError, OSError) as error:
            last = error
            print(f"Request error, please check: {error}", file=sys.stderr)
        time.sleep(1)
    raise RuntimeError(f"Request error for {try_max_times} times: {last}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", required=True, help="the /get_reward URL")
    parser.add_argument("--answers", default="data/answers/mechanics.jsonl", help="JSONL {problem_id, response}")
    parser.add_argument("--n", type=int, default=8, help="how many answers to send")
    args = parser.parse_args()
    rows = []
    with open(args.answers, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line))
    rows = rows[: args.n]
    prompts = [CHAT_PROMPT.format(question=f"Solve problem {r['problem_id']}.") for r in rows]
    # OpenRLHF decodes with skip_special_tokens=False, so the end-of-turn token stays in the query.
    queries = [p + r["response"] + "<|im_end|>" for p, r in zip(prompts, rows)]
    labels = [r["problem_id"] for r in rows]
    result = post_like_openrlhf(args.url, {"query": queries, "prompts": prompts, "labels": labels})
    # What OpenRLHF reads back: one reward and one score per query, extra_logs of numbers per query.
    assert len(result["rewards"]) == len(queries), result
    assert len(result["scores"]) == len(queries), result
    for key, values in result["extra_logs"].items():
        assert len(values) == len(queries) and all(isinstance(v, (int, float)) for v in values), key
    for label, reward, step in zip(labels, result["rewards"], result["extra_logs"]["step_score"]):
        print(f"{label}\treward={reward:.3f}\tstep_score={step:.3f}")
    print(json.dumps({"ok": True, "n": len(queries), "labels": labels, "rewards": result["rewards"],
                      "step_score": result["extra_logs"]["step_score"]}))


if __name__ == "__main__":
    main()
