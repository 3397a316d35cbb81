"""hub/k8s/config.yaml (Zero to JupyterHub) parses and agrees with binder/ and the one-machine hub.

Nothing here runs Kubernetes, helm or repo2docker: these are consistency checks of the files only.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[2]
K8S = REPO / "hub" / "k8s"
HUB_CONFIG = (REPO / "hub" / "jupyterhub_config.py").read_text()

# Top-level sections of the chart's values (values.schema.json rejects unknown ones).
CHART_SECTIONS = {"fullnameOverride", "nameOverride", "enabled", "imagePullSecrets", "imagePullSecret",
                  "hub", "rbac", "proxy", "singleuser", "scheduling", "ingress", "prePuller", "cull",
                  "debug", "global", "custom", "httpRoute"}


def _load_image_tag():
    spec = importlib.util.spec_from_file_location("image_tag", K8S / "image_tag.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def values() -> dict:
    return yaml.safe_load((K8S / "config.yaml").read_text())


def binder_pins() -> dict[str, str]:
    pins = {}
    for line in (REPO / "binder" / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            req = Requirement(line)
            pins[req.name.lower().replace("_", "-")] = str(req.specifier).removeprefix("==")
    return pins


def hub_setting(name: str) -> str:
    """A default from hub/jupyterhub_config.py's setting("NAME", "default") calls."""
    match = re.search(rf'setting\("{name}", "([^"]*)"\)', HUB_CONFIG)
    assert match, name
    return match.group(1)


def test_it_parses_and_uses_only_chart_sections(values):
    assert isinstance(values, dict)
    assert set(values) <= CHART_SECTIONS, set(values) - CHART_SECTIONS


def test_the_image_is_the_one_built_from_binder(values):
    image = values["singleuser"]["image"]
    tag = _load_image_tag()
    assert str(image["tag"]) == tag.image_tag(), (
        "binder/ changed: rebuild the image (hub/k8s/build-image.sh) and set singleuser.image.tag "
        f"to {tag.image_tag()}")
    script = (K8S / "build-image.sh").read_text()
    assert f'IMAGE="${{IMAGE:-{image["name"]}}}"' in script, "build-image.sh pushes the image config.yaml names"
    assert "--target-repo-dir /srv/wizard-edu" in script
    subprocess.run(["bash", "-n", str(K8S / "build-image.sh")], check=True, timeout=30)


def test_it_names_binders_python_and_pins(values):
    built = values["custom"]["wizardEdu"]
    assert built["builtFrom"] == "binder/"
    assert str(built["python"]) == _load_image_tag().binder_python()
    assert {k: str(v) for k, v in built["pins"].items()} == binder_pins()


def test_each_pupil_gets_their_notebooks_from_the_image(values):
    built = values["custom"]["wizardEdu"]
    command = " ".join(values["singleuser"]["lifecycleHooks"]["postStart"]["exec"]["command"])
    assert f'{built["repoDirInImage"]}/notebooks' in command
    assert '[ -e "$HOME/wizard-notebooks" ] ||' in command, "copies on first login only"
    assert values["singleuser"]["defaultUrl"] == hub_setting_url()
    assert values["singleuser"]["storage"]["type"] == "dynamic"


def hub_setting_url() -> str:
    match = re.search(r'c\.Spawner\.default_url = "([^"]+)"', HUB_CONFIG)
    assert match
    return match.group(1)


def test_logins_culling_and_limits_match_the_one_machine_hub(values):
    config = values["hub"]["config"]
    assert config["JupyterHub"]["authenticator_class"] == "firstuseauthenticator.FirstUseAuthenticator"
    assert config["FirstUseAuthenticator"]["create_users"] is False
    assert str(config["FirstUseAuthenticator"]["min_password_length"]) == hub_setting("MIN_PASSWORD_LENGTH")
    assert config["Authenticator"]["admin_users"] == [hub_setting("ADMIN")]
    classroom = (REPO / "hub" / "wizard_classroom.py").read_text()
    pattern = re.search(r'USERNAME_PATTERN = r"([^"]+)"', classroom).group(1)
    assert config["Authenticator"]["username_pattern"] == pattern
    assert values["cull"]["enabled"] is True
    assert str(values["cull"]["timeout"]) == hub_setting("CULL_TIMEOUT")
    assert values["singleuser"]["memory"]["limit"] == hub_setting("MEM_LIMIT")
    # The pupils' servers get the same options on both (terminals off, idle kernels culled).
    cmd = values["singleuser"]["cmd"]
    assert cmd[0] == "jupyterhub-singleuser"
    for arg in cmd[1:]:
        assert f'"{arg}"' in HUB_CONFIG, arg


def test_the_class_profile_is_the_default(values):
    profiles = values["singleuser"]["profileList"]
    assert [p.get("default", False) for p in profiles].count(True) == 1
    assert profiles[0]["default"] is True and "30 pupils" in profiles[0]["display_name"]


# -- the class tables (issue 23) as a hub service ----------------------------------------------------
TABLES = "wizard-tables"


def _tables_container(values: dict) -> dict:
    containers = [c for c in values["hub"]["extraContainers"] if c["name"] == TABLES]
    assert len(containers) == 1
    return containers[0]


def _option(command: list[str], name: str) -> str:
    return command[command.index(name) + 1]


def test_the_class_tables_are_a_hub_service_beside_the_hub(values):
    hub = values["hub"]
    service = hub["services"][TABLES]
    container = _tables_container(values)
    port = int(_option(container["command"], "--port"))
    # The hub's Service, the container and the proxy's way in all use the service's one port.
    assert service["url"] == f"http://hub:{port}"
    assert [p["containerPort"] for p in container["ports"]] == [port]
    assert [p["port"] for p in hub["service"]["extraPorts"]] == [port]
    allowed = [p["port"] for rule in hub["networkPolicy"]["ingress"] for p in rule["ports"]]
    assert allowed == [port]
    assert container["command"][:3] == ["wizard-edu", "tables", "--hub"]
    # It runs from the kit's own image (the hub image has no kit), not as root.
    image = values["singleuser"]["image"]
    assert container["image"] == f'{image["name"]}:{image["tag"]}'
    assert container["securityContext"]["runAsUser"] != 0
    # Its token is the one the chart made for it; its environment is what JupyterHub gives a service.
    env = {e["name"]: e for e in container["env"]}
    assert env["JUPYTERHUB_API_TOKEN"]["valueFrom"]["secretKeyRef"] == {
        "name": "hub", "key": f"hub.services.{TABLES}.apiToken"}
    assert env["JUPYTERHUB_SERVICE_NAME"]["value"] == TABLES
    assert env["JUPYTERHUB_SERVICE_PREFIX"]["value"] == f"/services/{TABLES}/"
    assert env["JUPYTERHUB_SERVICE_URL"]["value"].endswith(f":{port}")


def test_the_tables_database_is_on_the_hubs_persistent_volume(values):
    hub = values["hub"]
    assert hub["db"]["type"] == "sqlite-pvc", "the chart makes the hub's volume only for sqlite-pvc"
    container = _tables_container(values)
    db = Path(_option(container["command"], "--db"))
    mounts = [m for m in container["volumeMounts"] if db.is_relative_to(m["mountPath"])]
    assert len(mounts) == 1
    assert mounts[0]["name"] == "pvc", "the chart's name for the hub's persistent volume in the hub pod"
    assert mounts[0]["subPath"], "a folder of its own on the hub's volume"


def test_pupils_reach_the_tables_with_their_hub_login(values):
    scope = f"access:services!service={TABLES}"
    assert scope in values["hub"]["loadRoles"]["user"]["scopes"]
    assert "self" in values["hub"]["loadRoles"]["user"]["scopes"]
    assert scope in values["hub"]["config"]["Spawner"]["server_token_scopes"]
    url = values["singleuser"]["extraEnv"]["WIZARD_EDU_TABLES_URL"]
    assert url.endswith(f"/services/{TABLES}/")
    # The same service, roles and token scopes as the one-machine hub (`make hub`).
    assert f'TABLES_SERVICE = "{TABLES}"' in HUB_CONFIG
    assert '"--hub"' in HUB_CONFIG and '"--db"' in HUB_CONFIG
    assert 'f"access:services!service={TABLES_SERVICE}"' in HUB_CONFIG
    assert "c.Spawner.server_token_scopes" in HUB_CONFIG


def test_the_tables_command_is_one_the_kit_accepts(values):
    """The sidecar's command line parses with the real `wizard-edu` parser (and so does the hub's)."""
    from wizard_edu import cli

    parser = cli.build_parser()
    command = _tables_container(values)["command"]
    args = parser.parse_args(command[1:])
    assert str(args.db) == _option(command, "--db") and int(args.port) == int(_option(command, "--port"))
