// buraco_learn's JupyterLite site: say so, in plain words, when Python cannot start here.
//
// The site's Python (Pyodide) is downloaded by the browser when a notebook starts its kernel.
// When that download fails (no network, a school filter, a blocker) or the browser cannot run
// WebAssembly, JupyterLite shows the notebook (its stored outputs) and a cell that stays at [*]
// forever: the only explanation is in the browser console. This script checks both at once and
// puts a bar at the top of the page, above JupyterLab, that says what failed and what to do.
// scripts/build_lite.sh copies it into the site and adds it to every app page.
(function () {
  "use strict";
  var NOTICE_ID = "buraco-runtime-notice";

  // The notice is a bar above JupyterLab, not over it: JupyterLab's shell (#main, placed
  // absolutely over the whole page) is pushed down by the bar's height and told to lay itself
  // out again, so that the menu bar, the tabs and the toolbar stay in sight and usable; closing
  // the bar gives JupyterLab the whole page back.
  var PUSH_ID = "buraco-runtime-notice-push";

  function relayout() {
    // JupyterLab lays its shell out again on the window's resize event.
    window.dispatchEvent(new Event("resize"));
  }

  function push(height) {
    var style = document.getElementById(PUSH_ID);
    if (!style) {
      style = document.createElement("style");
      style.id = PUSH_ID;
      (document.head || document.documentElement).appendChild(style);
    }
    style.textContent = "#main { top: " + height + "px !important; height: auto !important; }";
    relayout();
  }

  function unpush() {
    var style = document.getElementById(PUSH_ID);
    if (style) style.remove();
    relayout();
  }

  function show(title, lines) {
    if (document.getElementById(NOTICE_ID)) return;
    var box = document.createElement("div");
    box.id = NOTICE_ID;
    box.setAttribute("role", "alert");
    box.style.cssText =
      "position:fixed;top:0;left:0;right:0;z-index:100000;padding:10px 48px 10px 18px;" +
      "max-height:40vh;overflow:auto;box-sizing:border-box;" +
      "background:#fff4e5;color:#4a2c00;border-bottom:3px solid #e65100;" +
      "font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";
    var h = document.createElement("strong");
    h.textContent = title;
    h.style.cssText = "display:block;font-size:17px;margin-bottom:4px";
    box.appendChild(h);
    var list = document.createElement("ul");
    list.style.cssText = "margin:4px 0 0 0;padding-left:20px";
    lines.forEach(function (text) {
      var li = document.createElement("li");
      li.textContent = text;
      list.appendChild(li);
    });
    box.appendChild(list);
    var close = document.createElement("button");
    close.textContent = "×";
    close.setAttribute("aria-label", "Close this notice");
    close.style.cssText =
      "position:absolute;top:6px;right:12px;font-size:22px;border:0;background:none;cursor:pointer;color:inherit";
    var observer = typeof ResizeObserver === "function"
      ? new ResizeObserver(function () { push(box.offsetHeight); }) : null;
    close.onclick = function () {
      if (observer) observer.disconnect();
      box.remove();
      unpush();
    };
    box.appendChild(close);
    (document.body || document.documentElement).appendChild(box);
    push(box.offsetHeight);
    if (observer) observer.observe(box);  // the bar's height follows the window's width
  }

  var HELP = [
    "The notebooks open, but their code cells cannot run: a cell stays at [*].",
    "Check that this computer is online, then reload the page.",
    "On a school or company network, ask for {host} to be allowed (a filter or firewall may block it), " +
      "or switch off an ad or script blocker for this site.",
    "Try another browser: a recent Chrome, Edge, Firefox or Safari.",
    "Or run the course on a computer with Python (it then works without internet): " +
      "pip install \"buraco_learn[lab] @ git+https://github.com/buraco-learn/buraco_learn\", " +
      "then buraco-learn lab (nothing is on PyPI yet: pip install \"buraco_learn[lab]\" comes with the first release).",
  ];

  function help(host) {
    return HELP.map(function (t) { return t.replace("{host}", host); });
  }

  if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
    show("Python cannot run in this browser.", [
      "This page runs Python inside the browser (WebAssembly), and this browser cannot.",
    ].concat(help("the site").slice(3)));
    return;
  }

  // Where the kernel loads Pyodide from: the site's settings (jupyter-lite.json).
  function pyodideUrl() {
    return fetch(new URL("../jupyter-lite.json", document.baseURI).href, { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (cfg) {
        var data = cfg["jupyter-config-data"] || {};
        var plugins = data.litePluginSettings || {};
        var kernel = plugins["@jupyterlite/pyodide-kernel-extension:kernel"] || {};
        if (!kernel.pyodideUrl) throw new Error("no pyodideUrl in jupyter-lite.json");
        return new URL(kernel.pyodideUrl, document.baseURI).href;
      });
  }

  function probe(url) {
    var ctrl = typeof AbortController === "function" ? new AbortController() : null;
    var timer = setTimeout(function () { if (ctrl) ctrl.abort(); }, 20000);
    // no-cors: a reachable server on another origin gives an opaque answer; a blocked or
    // offline one rejects.
    var sameOrigin = new URL(url).origin === window.location.origin;
    return fetch(url, { mode: sameOrigin ? "same-origin" : "no-cors", cache: "no-store",
                        signal: ctrl ? ctrl.signal : undefined })
      .then(function (r) {
        clearTimeout(timer);
        if (r.type !== "opaque" && !r.ok) throw new Error("HTTP " + r.status);
      })
      .catch(function (err) { clearTimeout(timer); throw err; });
  }

  window.buracoRuntimeCheck = pyodideUrl().then(function (url) {
    var host = new URL(url).host;
    return probe(url).then(
      function () { return "ok"; },
      function (err) {
        show("Python could not start: the Python runtime (Pyodide) could not be downloaded.", [
          "This page downloads Python from " + host + " (several megabytes, once), " +
            "and that download failed (" + (err && err.name === "AbortError" ? "no answer in 20 s" : "network error") + ").",
        ].concat(help(host)));
        return "failed";
      });
  }, function () { return "unknown"; });
})();
