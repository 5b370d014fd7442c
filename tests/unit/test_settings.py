"""Settings for the OpenAI-compatible judge: every message names the setting as the user spelled it
(a flag, an environment variable or an action input), and the key is never a flag nor shown."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate import settings
from groundgate.errors import UsageError
from groundgate.event import GitHubRun

FILES = {"cases": "c.jsonl", "baseline": "b.jsonl", "candidate": "k.jsonl"}
KEY = "sk-proj-abcdef123456"


def flags(environ: dict[str, str] | None = None, **values: Any) -> settings.Settings:
    return settings.from_flags({**FILES, **values}, environ or {})


def action(**inputs: str) -> settings.Settings:
    environ = {"GITHUB_WORKSPACE": "/tmp"} | {f"INPUT_{k.upper()}": v for k, v in {**FILES, **inputs}.items()}
    return settings.from_action(environ)


def refused(build: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(UsageError) as caught:
        build(*args, **kwargs)
    return str(caught.value)


def test_openai_judge_defaults_to_openais_api_and_reads_the_key_from_the_environment() -> None:
    config = flags({"OPENAI_API_KEY": KEY}, judge="openai", judge_model="gpt-4o")
    assert config.openai_base_url == "https://api.openai.com/v1"
    assert config.openai_api_key is not None
    assert config.openai_api_key.get_secret_value() == KEY
    assert KEY not in repr(config)
    assert flags({"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": "http://127.0.0.1:11434/v1"}, judge="openai",
                 judge_model="llama3.1:8b").openai_base_url == "http://127.0.0.1:11434/v1"  # fmt: skip


@pytest.mark.parametrize(
    ("values", "environ", "cli", "inputs", "action_message"),
    [
        (
            {"judge": "openai"},
            {"OPENAI_API_KEY": KEY},
            "--judge-model: the openai judge needs a model: set --judge-model",
            {"judge": "openai", "openai-api-key": KEY},
            "input 'judge-model': the openai judge needs a model: set input 'judge-model'",
        ),
        (
            {"judge": "openai", "judge_model": "gpt-4o"},
            {},
            "OPENAI_API_KEY: an OpenAI-compatible judge needs an API key: set OPENAI_API_KEY",
            {"judge": "openai", "judge-model": "gpt-4o"},
            "input 'openai-api-key': an OpenAI-compatible judge needs an API key: set input 'openai-api-key'",
        ),
        (
            {"judge": "figures", "second_opinion": "openai:gpt-4o"},
            {},
            "OPENAI_API_KEY: an OpenAI-compatible judge needs an API key",
            {"judge": "figures", "second-opinion": "openai:gpt-4o"},
            "input 'openai-api-key': an OpenAI-compatible judge needs an API key",
        ),
        (
            {"judge": "openai", "judge_model": "gpt-4o", "openai_base_url": "api.openai.com"},
            {"OPENAI_API_KEY": KEY},
            "--openai-base-url: give the server's base URL",
            {"judge": "openai", "judge-model": "gpt-4o", "openai-api-key": KEY, "openai-base-url": "api.openai.com"},
            "input 'openai-base-url': give the server's base URL",
        ),
        (
            {"judge": "openai", "judge_model": "GPT-4o", "model_under_test": "gpt-4o"},
            {"OPENAI_API_KEY": KEY},
            "--model-under-test: the judge model 'GPT-4o' is the model under test; it would be grading itself. "
            "Use another judge model, or pass --allow-self-judging",
            {"judge": "openai", "judge-model": "GPT-4o", "openai-api-key": KEY, "model-under-test": "gpt-4o"},
            "input 'model-under-test': the judge model 'GPT-4o' is the model under test; it would be grading "
            "itself. Use another judge model, or pass input 'allow-self-judging'",
        ),
        (
            {"judge": "figures", "second_opinion": "openai:gpt-4o", "model_under_test": "gpt-4o"},
            {"OPENAI_API_KEY": KEY},
            "--second-opinion: the second opinion 'gpt-4o' is the model under test",
            {
                "judge": "figures",
                "second-opinion": "openai:gpt-4o",
                "openai-api-key": KEY,
                "model-under-test": "gpt-4o",
            },
            "input 'second-opinion': the second opinion 'gpt-4o' is the model under test",
        ),
        (
            {"judge": "openai", "judge_model": "gpt-4o", "second_opinion": "deployment:judge-b"},
            {"OPENAI_API_KEY": KEY},
            "--second-opinion: a deployment: second opinion needs the Azure OpenAI endpoint: set --azure-endpoint or "
            "AZURE_OPENAI_ENDPOINT",
            {"judge": "openai", "judge-model": "gpt-4o", "openai-api-key": KEY, "second-opinion": "deployment:judge-b"},
            "input 'second-opinion': a deployment: second opinion needs the Azure OpenAI endpoint: set input "
            "'azure-endpoint'",
        ),
    ],
)
def test_messages_name_the_setting_as_the_user_spelled_it(
    values: dict[str, Any], environ: dict[str, str], cli: str, inputs: dict[str, str], action_message: str
) -> None:
    from_cli = refused(flags, environ, **values)
    from_action = refused(action, **inputs)
    assert from_cli.startswith(cli)
    assert from_action.startswith(action_message)
    assert KEY not in from_cli + from_action


def test_sign_in_secrets_in_the_environment_are_masked_and_redacted_but_placeholders_are_not() -> None:
    """DefaultAzureCredential reads them from the environment: groundgate never does, but no text it writes
    may carry them (the runner's masks cover the log; the redactor covers the comment and the files)."""
    environ = {"AZURE_CLIENT_SECRET": "sp-secret-value-Zq8", "AZURE_PASSWORD": "unused", "MSI_SECRET": "msi-9f2e7c1d"}
    assert set(settings.read_secrets(environ)) == {"sp-secret-value-Zq8", "msi-9f2e7c1d"}
    inputs = {"GITHUB_WORKSPACE": "/tmp", "INPUT_JUDGE": "figures"} | {
        f"INPUT_{k.upper()}": v for k, v in FILES.items()
    }
    for config in (flags(environ, judge="figures"), settings.from_action(inputs | environ)):
        assert set(config.secret_values()) >= {"sp-secret-value-Zq8", "msi-9f2e7c1d"}
        assert "unused" not in config.secret_values()
        assert "sp-secret-value-Zq8" not in repr(config)


def test_the_key_is_an_action_secret_and_never_a_flag() -> None:
    environ = {"INPUT_OPENAI-API-KEY": KEY, "INPUT_AZURE-API-KEY": "azure-secret"}
    assert set(settings.read_secrets(environ)) == {KEY, "azure-secret"}
    assert settings.flag("openai_api_key") == "OPENAI_API_KEY"
    config = action(judge="openai", **{"judge-model": "gpt-4o", "openai-api-key": KEY})
    assert config.spelled("judge_model") == "input 'judge-model'"
    assert config.spelled("openai_api_key") == "input 'openai-api-key'"
    assert flags({"OPENAI_API_KEY": KEY}, judge="openai", judge_model="m").spelled("openai_base_url") == (
        "--openai-base-url or OPENAI_BASE_URL"
    )


CONTROL = st.sampled_from(["\n", "\r", "\t", "\x00", "\x1b", "\x7f", "\x85"])
SERVER_NAMED = [
    "/root/.cache/gemma-3-270m-q4_k_m.gguf",  # llama.cpp: the file it loaded
    "C:\\models\\My Model (Q4).gguf",
    "meta-llama/Llama-3.1-8B-Instruct",  # vLLM
    "llama3.1:8b",  # Ollama
    "lmstudio-community/gemma-3-270m-it-GGUF/gemma-3-270m-it-Q4_K_M.gguf",  # LM Studio
    "modèle·π",
]


@pytest.mark.parametrize("model", SERVER_NAMED)
def test_any_model_id_a_server_names_is_accepted(model: str) -> None:
    environ = {"OPENAI_API_KEY": KEY}
    assert flags(environ, judge="openai", judge_model=model).judge_model == model
    assert action(judge="openai", **{"judge-model": model, "openai-api-key": KEY}).judge_model == model
    assert flags(environ, judge="figures", second_opinion=f"openai:{model}").second_opinion == f"openai:{model}"


@given(model=st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1).filter(str.strip))
def test_model_ids_are_the_servers_text_not_ours(model: str) -> None:
    environ = {"OPENAI_API_KEY": KEY}
    assert flags(environ, judge="openai", judge_model=model).judge_model == model
    assert flags(environ, judge="figures", second_opinion=f"openai:{model}").second_opinion == f"openai:{model}"


@given(model=st.text(min_size=1).filter(str.strip), junk=CONTROL)
def test_a_model_id_with_a_control_character_is_refused(model: str, junk: str) -> None:
    environ = {"OPENAI_API_KEY": KEY}
    message = refused(flags, environ, judge="openai", judge_model=f"{model}{junk}x")
    assert message.startswith("--judge-model: give the model as its server names it")
    assert "--second-opinion:" in refused(flags, environ, judge="figures", second_opinion=f"openai:{model}{junk}x")


def test_github_pacing_defaults_to_pygithubs_and_a_minute_of_waiting() -> None:
    run = GitHubRun.from_environ({})
    assert (run.request_interval, run.write_interval, run.github_wait) == (0.25, 1.0, 60.0)
    fast = GitHubRun.from_environ(
        {
            "GROUNDGATE_GITHUB_REQUEST_INTERVAL": "0",
            "GROUNDGATE_GITHUB_WRITE_INTERVAL": "0",
            "GROUNDGATE_GITHUB_MAX_WAIT": "5",
        }
    )
    assert (fast.request_interval, fast.write_interval, fast.github_wait) == (0.0, 0.0, 5.0)


@pytest.mark.parametrize("value", ["-1", "soon", "nan", "inf", "61"])
def test_github_pacing_that_is_not_a_number_of_seconds_is_refused_in_one_line(value: str) -> None:
    with pytest.raises(UsageError) as refused:
        GitHubRun.from_environ({"GROUNDGATE_GITHUB_WRITE_INTERVAL": value})
    assert str(refused.value) == (
        f"GROUNDGATE_GITHUB_WRITE_INTERVAL={value!r}: expected a number of seconds from 0 to 60"
    )
