"""The action's entry point: read the workflow's inputs, build the real clients, run the gate.

Everything the runner provides arrives here through the environment; nothing below this file
reads it. Every error the user can fix ends here as one ::error line and its exit code.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING

from groundgate import app
from groundgate.errors import GroundgateError, InputError, one_line, stop_on_sigterm
from groundgate.github import action
from groundgate.github.publisher import Publisher, client
from groundgate.github.workflow import Log
from groundgate.judges import Judge

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential

OIDC_AUDIENCE = "api://AzureADTokenExchange"


def azure_credential(
    settings: action.ActionSettings, environ: Mapping[str, str]
) -> Callable[[], TokenCredential] | None:
    """Keyless sign-in: a federated credential from the workflow's OIDC token (needs id-token: write).

    A picklable factory rather than a credential, so judge worker processes can build their own."""
    if not (settings.azure_client_id and settings.azure_tenant_id):
        return None
    from azure.identity import ClientAssertionCredential

    from groundgate.github.oidc import github_oidc_token

    url, token = environ.get("ACTIONS_ID_TOKEN_REQUEST_URL"), environ.get("ACTIONS_ID_TOKEN_REQUEST_TOKEN")
    if not url or not token:
        raise GroundgateError(
            "azure-client-id and azure-tenant-id need the workflow's OIDC token: add 'permissions: id-token: write' to the job"
        )
    return partial(
        ClientAssertionCredential,
        tenant_id=settings.azure_tenant_id,
        client_id=settings.azure_client_id,
        func=partial(github_oidc_token, url, token, OIDC_AUDIENCE),
    )


def main(environ: Mapping[str, str]) -> int:
    log = Log()
    stop_on_sigterm()
    try:
        ctx = action.RunContext.from_environ(environ)
        values = action.read_inputs(environ)
        log.mask(values.get("azure-api-key"))
        log.mask(values.get("github-token"))
        settings, options, relative = action.parse_inputs(values, ctx.workspace)
        api_key = options.azure_api_key.get_secret_value() if options.azure_api_key else None
        credential = azure_credential(options, environ) if settings is not None else None

        def judge() -> Judge:
            assert settings is not None  # merging shard results judges nothing
            return app.build_judge(settings, api_key=api_key, credential_factory=credential)

        def second() -> Judge | str | None:
            assert settings is not None
            return app.build_second(settings, api_key=api_key, credential_factory=credential)

        token = options.github_token.get_secret_value() if options.github_token else None
        publisher = Publisher(client(token, ctx.api_url), ctx.repository) if token and ctx.repository else None
        return action.run(settings, options, relative, ctx, judge, publisher, log, second)
    except InputError as exc:
        log.error(one_line(str(exc)), file=exc.path, line=exc.line, title="groundgate: bad input")
        return exc.exit_code
    except GroundgateError as exc:
        log.error(one_line(str(exc)))
        return exc.exit_code


if __name__ == "__main__":
    sys.exit(main(os.environ))
