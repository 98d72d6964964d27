"""Per-recipient turn reports: view models from projected events, rendered with Jinja."""

from judge.reports.render import make_environment, render_report, templates_root
from judge.reports.views import ReportView, build_view

__all__ = ["ReportView", "build_view", "make_environment", "render_report", "templates_root"]
