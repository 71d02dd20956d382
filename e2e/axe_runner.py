"""axe-core 4.x in a selenium page, without a CDN.

The script is the `axe.min.js` that PyPI's axe-playwright-python ships inside its package (only the file
is read: playwright is never imported or launched)."""
import importlib.util
from pathlib import Path

BLOCKING = ("critical", "serious")

# Chromium with JavaScript switched off (conftest's content setting) still runs WebDriver's scripts and
# promise jobs but never fires timers, and axe waits on `setTimeout(…, 0)` between rules. On such pages
# zero-delay timers become promise jobs; longer ones (only timeouts axe races against preloading and
# frames, both switched off below) never fire.
_TIMERS_AS_JOBS = """
window.setTimeout = function (callback, delay) {
  var args = Array.prototype.slice.call(arguments, 2);
  if (!(delay > 1) && typeof callback === "function") { Promise.resolve().then(function () { callback.apply(null, args); }); }
  return 0;
};
window.clearTimeout = function () {};
"""

_RUN = """
var done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"], preload: false, iframes: false}).then(function (result) {
  done({version: axe.version, violations: result.violations.map(function (rule) {
    return {id: rule.id, impact: rule.impact, help: rule.help, helpUrl: rule.helpUrl, nodes: rule.nodes.map(function (node) {
      return {target: node.target, html: node.html, impact: node.impact, summary: node.failureSummary};
    })};
  })});
}, function (error) { done({error: String(error && error.stack || error)}); });
"""


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("axe-playwright-python is not installed (e2e/run.sh installs it)")
    return (Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text(encoding="utf-8")


_SOURCE = None


def run_axe(driver, javascript=True):
    """The violations axe finds on the page the driver shows: [{id, impact, help, helpUrl, nodes}]."""
    global _SOURCE
    if _SOURCE is None:
        _SOURCE = axe_source()
    driver.execute_script(("" if javascript else _TIMERS_AS_JOBS) + _SOURCE)
    result = driver.execute_async_script(_RUN)
    if "error" in result:
        raise RuntimeError("axe.run failed: " + result["error"])
    if not result["version"].startswith("4."):
        raise RuntimeError("expected axe-core 4.x, got " + result["version"])
    return result["violations"]


def blocking(violations):
    return [rule for rule in violations if rule["impact"] in BLOCKING]


def describe(page, url, violations, limit=8):
    """Readable lines: the page, then each rule with its impact and the offending elements."""
    lines = []
    for rule in violations:
        lines.append(f"[{rule['impact']}] {rule['id']} on {page} ({url}): {rule['help']} — {rule['helpUrl']}")
        for node in rule["nodes"][:limit]:
            html = " ".join(node["html"].split())
            lines.append(f"    {' '.join(map(str, node['target']))}  {html[:240]}")
            summary = " ".join((node.get("summary") or "").split())
            if summary:
                lines.append(f"        {summary[:300]}")
        if len(rule["nodes"]) > limit:
            lines.append(f"    … and {len(rule['nodes']) - limit} more")
    return lines
