"""Per-recipient turn reports: view models from projected events, rendered with Jinja in a
common frame plus the variant's own sections (sections.py)."""

from judge.reports.render import (
    Report,
    make_environment,
    render_report,
    render_turn,
    templates_root,
)
from judge.reports.sections import SLOTS
from judge.reports.views import ReportView, build_view

__all__ = ["SLOTS", "Report", "ReportView", "build_view", "make_environment", "render_report",
           "render_turn", "templates_root"]
