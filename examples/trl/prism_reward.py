#!/usr/bin/env python3
"""A TRL reward function (GRPOTrainer / RLOOTrainer) backed by `prism serve`.

    from prism_reward import prism_reward
    trainer = GRPOTrainer(model=..., reward_funcs=[prism_reward], train_dataset=dataset)

TRL calls `reward_func(prompts=..., completions=..., **columns)` with every other dataset column
as a keyword argument; the dataset needs a `problem_id` column. Completions may be strings or
conversations (`[{"role": "assistant", "content": ...}]`). Returns one float per completion: the
server's reward mix (0.0 for a timeout or an unknown problem).

Environment: PRISM_URL (default http://127.0.0.1:8000), PRISM_SERVER_TOKEN, PRISM_TIMEOUT.
Standard library only.
"""
import json
import os
import time
import urllib.error
import urllib.request


def _post(path, payload, tries=5):
    url = os.environ.get("PRISM_URL", "http://127.0.0.1:8000").rstrip("/") + path
    headers = {"Content-Type": "application/json"}
    token = os.environ.get("PRISM_SERVER_TOKEN")
    if token:
        headers["Authorization"] = f"Bearer {token}"
    body = json.dumps(payload).encode("utf-8")
    for attempt in range(tries):
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=float(os.environ.get("PRISM_TIMEOUT", "300"))) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            if error.code != 503 or attempt == tries - 1:
                raise
            time.sleep(float(error.headers.get("Retry-After", "1")))
    raise RuntimeError("unreachable")


def _text(completion):
    if isinstance(completion, str):
        return completion
    # Conversational: the assistant turn(s) of the completion.
    return "".join(m.get("content", "") for m in completion if isinstance(m, dict))


def prism_reward(completions, problem_id=None, **kwargs):
    """PRISM step-score reward, one float per completion; `problem_id` is the dataset column."""
    if problem_id is None:
        raise ValueError("prism_reward needs a `problem_id` column in the dataset")
    items = [{"problem_id": str(p), "response": _text(c)} for c, p in zip(completions, problem_id)]
    results = _post("/v1/score", {"items": items, "detail": "summary"})["results"]
    return [float(r.get("reward", 0.0)) for r in results]


if __name__ == "__main__":
    import sys

    answers = sys.argv[1] if len(sys.argv) > 1 else "data/answers/mechanics.jsonl"
    with open(answers, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()][:6]
    prompts = [[{"role": "user", "content": f"Solve {r['problem_id']}"}] for r in rows]
    completions = [[{"role": "assistant", "content": r["response"]}] for r in rows]
    # As GRPOTrainer calls it: prompts, completions, and dataset columns as keyword arguments.
    rewards = prism_reward(prompts=prompts, completions=completions, problem_id=[r["problem_id"] for r in rows],
                           completion_ids=[[0]] * len(rows), trainer_state=None)
    plain = prism_reward([r["response"] for r in rows], problem_id=[r["problem_id"] for r in rows])
    assert len(rewards) == len(rows) and all(isinstance(x, float) for x in rewards), rewards
    assert rewards == plain, (rewards, plain)
    print(json.dumps({"ok": True, "rewards": rewards}))
