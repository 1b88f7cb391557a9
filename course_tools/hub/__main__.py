"""``python -m course_tools.hub serve`` (``make hub``) y ``python -m course_tools.hub alta lista.csv``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import accounts, serve


def cmd_serve(args) -> int:
    return serve.serve(port=args.port, state=Path(args.state), ip=args.ip)


def cmd_enrol(args) -> int:
    if serve.os.geteuid() != 0:
        print("✗ Dar de alta usuarios de Unix pide ser root: sudo .venv/bin/python -m course_tools.hub alta lista.csv")
        return 2
    state = Path(args.state).resolve()
    passwords = state / serve.PASSWORDS
    try:
        created, existing = accounts.enrol(Path(args.csv), state, passwords, group=accounts.LEARNERS_GROUP)
        accounts.ensure_group(accounts.TEACHERS_GROUP)  # para dar de alta al profesorado antes del primer make hub
    except accounts.EnrolmentError as error:
        print(f"✗ {error}")
        return 2
    print(f"{len(created)} alumnos nuevos en «{accounts.LEARNERS_GROUP}»; {len(existing)} ya existían (solo se "
          "añaden al grupo; su contraseña no cambia).")
    if created:
        print(f"Sus primeras contraseñas, en {passwords} (solo root la lee): cada uno pone otra al entrar.")
    print(f"Al profesorado: usermod -aG {accounts.TEACHERS_GROUP} <usuario>.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m course_tools.hub", description=__doc__)
    sub = parser.add_subparsers(dest="order", required=True)
    p = sub.add_parser("serve", help="JupyterHub de la clase (make hub), como root")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--ip", default="", help="dónde escucha (por defecto, en todas las direcciones)")
    p.add_argument("--state", default=str(serve.STATE), help="la carpeta de estado del hub")
    p.set_defaults(func=cmd_serve)
    p = sub.add_parser("alta", help="da de alta alumnos desde un CSV de nombres de usuario (como root)")
    p.add_argument("csv")
    p.add_argument("--state", default=str(serve.STATE), help="la carpeta de estado del hub (contraseñas iniciales)")
    p.set_defaults(func=cmd_enrol)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
