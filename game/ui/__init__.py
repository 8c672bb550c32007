"""pygame-ce scenes: menus, deployment, battle, results."""
