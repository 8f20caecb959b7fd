/* pnpforge rules site: the card-gallery filter, a language switch that stays on the same page, linkable
 * setup tabs (#gracze-3), the table of contents after a deep link, tap-to-define on touch screens and
 * tap-to-zoom in the card gallery. */
(function () {
  "use strict";

  function setupGallery() {
    var bar = document.querySelector(".pnp-filter");
    if (!bar || bar.dataset.ready) return;
    bar.dataset.ready = "1";
    var selects = bar.querySelectorAll("select[data-filter]");
    var counter = bar.querySelector(".pnp-filter-count");
    function apply() {
      var want = {};
      selects.forEach(function (s) { want[s.dataset.filter] = s.value; });
      var shown = 0;
      document.querySelectorAll(".pnp-gallery").forEach(function (gallery) {
        var visible = 0;
        gallery.querySelectorAll(".pnp-card").forEach(function (card) {
          var ok = (!want.deck || card.dataset.deck === want.deck) &&
            (!want.faction || card.dataset.faction === want.faction ||
              (want.faction === "-" && !card.dataset.faction));
          card.hidden = !ok;
          if (ok) visible += 1;
        });
        shown += visible;
        gallery.hidden = visible === 0;
        var heading = document.querySelector('.pnp-deck-heading[data-deck="' + gallery.dataset.deck + '"]');
        if (heading) heading.hidden = visible === 0;
      });
      if (counter) counter.textContent = (bar.dataset.shownLabel || "{n}").replace("{n}", shown);
    }
    selects.forEach(function (s) { s.addEventListener("change", apply); });
    apply();
  }

  // Both languages are built with the same page paths: /pl/<game>/rules/ <-> /en/<game>/rules/.
  function setupLanguageSwitch() {
    var current = document.documentElement.lang;
    document.querySelectorAll("a.md-select__link[hreflang]").forEach(function (link) {
      if (link.dataset.pnpReady) return;
      link.dataset.pnpReady = "1";
      link.addEventListener("click", function (event) {
        var target = link.getAttribute("hreflang");
        var path = location.pathname;
        var marker = "/" + current + "/";
        var at = path.lastIndexOf(marker);
        if (!target || target === current || at < 0) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        location.href = path.slice(0, at) + "/" + target + "/" + path.slice(at + marker.length) + location.hash;
      }, true);
    });
  }

  // ---- linkable tabs: an anchor inside a hidden tab opens that tab (and its outer tabs) first ----------
  function openTabsFor(el) {
    var blocks = [], node = el;
    while (node && node !== document.body) {
      if (node.classList && node.classList.contains("tabbed-block")) blocks.unshift(node);
      node = node.parentElement;
    }
    blocks.forEach(function (block) {
      var content = block.parentElement, set = content && content.parentElement;
      if (!set || !set.classList.contains("tabbed-set")) return;
      var index = Array.prototype.indexOf.call(content.children, block);
      var inputs = set.querySelectorAll(":scope > input[type=radio]");
      if (inputs[index]) inputs[index].checked = true;
    });
    return blocks.length > 0;
  }

  function followHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    var el = document.getElementById(id);
    if (!el) return;
    if (openTabsFor(el)) el.scrollIntoView();
    markToc(id);
  }

  // a tab chosen by hand becomes the address (so it can be linked and shared)
  function setupTabLinks() {
    document.querySelectorAll(".tabbed-set > input[type=radio]").forEach(function (input) {
      if (input.dataset.pnpReady) return;
      input.dataset.pnpReady = "1";
      input.addEventListener("change", function () {
        var set = input.parentElement;
        var index = Array.prototype.indexOf.call(set.querySelectorAll(":scope > input[type=radio]"), input);
        var block = set.querySelectorAll(":scope > .tabbed-content > .tabbed-block")[index];
        var anchor = block && block.querySelector(".pnp-anchor[id]");
        if (anchor && history.replaceState) history.replaceState(null, "", "#" + anchor.id);
      });
    });
  }

  // ---- table of contents: after a deep link the linked section is the current one ----------------------
  function markToc(id) {
    var links = document.querySelectorAll(".md-nav--secondary a.md-nav__link");
    if (!links.length) return;
    var target = null;
    links.forEach(function (a) { if (a.getAttribute("href") === "#" + id) target = a; });
    if (!target) return;
    var apply = function () {
      links.forEach(function (a) { a.classList.toggle("md-nav__link--active", a === target); });
    };
    apply();
    // Material recomputes on its next scroll frame; keep the linked section until the reader scrolls
    var until = Date.now() + 800;
    var again = function () { if (Date.now() < until) { apply(); requestAnimationFrame(again); } };
    requestAnimationFrame(again);
  }

  // ---- tap to define: on touch screens a glossary link opens its definition in place -------------------
  var touch = window.matchMedia && window.matchMedia("(hover: none)").matches;
  var pop = null;

  function closePop() {
    if (pop) { pop.remove(); pop = null; }
  }

  function define(link) {
    closePop();
    var title = link.getAttribute("data-pnp-title") || link.getAttribute("title") || "";
    var name = link.textContent, cut = title.indexOf(": ");
    var head = cut > 0 ? title.slice(0, cut) : name, body = cut > 0 ? title.slice(cut + 2) : title;
    var labels = document.getElementById("pnp-labels");
    var words = labels ? JSON.parse(labels.textContent) : {open: "→", close: "×"};
    pop = document.createElement("div");
    pop.className = "pnp-define";
    pop.setAttribute("role", "dialog");
    pop.setAttribute("aria-label", head);
    var h = document.createElement("strong"); h.textContent = head;
    var p = document.createElement("p"); p.textContent = body;
    var more = document.createElement("a"); more.href = link.href; more.textContent = words.open;
    var x = document.createElement("button"); x.type = "button"; x.className = "pnp-define-close";
    x.setAttribute("aria-label", words.close); x.textContent = "×";
    x.addEventListener("click", closePop);
    pop.append(x, h, p, more);
    // under the paragraph (or in the cell) that holds the term, so the sentence is not split
    var host = link.closest("p, li, dd, td, th, h1, h2, h3, h4, h5, h6");
    if (host && /^(TD|TH|LI|DD)$/.test(host.tagName)) host.appendChild(pop);
    else if (host) host.insertAdjacentElement("afterend", pop);
    else link.insertAdjacentElement("afterend", pop);
    x.focus({preventScroll: true});
  }

  function setupDefinitions() {
    if (document.body.dataset.pnpDefine) return;
    document.body.dataset.pnpDefine = "1";
    document.addEventListener("click", function (e) {
      var link = e.target.closest && e.target.closest("a.pnp-term");
      if (link && touch && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        define(link);
        return;
      }
      if (pop && !pop.contains(e.target)) closePop();
    });
    document.addEventListener("keydown", function (e) { if (e.key === "Escape") closePop(); });
    // Material takes the title away while its own tooltip shows: keep the definition before that
    document.addEventListener("pointerdown", function (e) {
      var link = e.target.closest && e.target.closest("a.pnp-term[title]");
      if (link && link.title) link.setAttribute("data-pnp-title", link.title);
    }, true);
  }

  // ---- card gallery: tap a card to see it large -------------------------------------------------------
  function setupZoom() {
    document.querySelectorAll(".pnp-card").forEach(function (card) {
      if (card.dataset.pnpZoom) return;
      card.dataset.pnpZoom = "1";
      card.tabIndex = 0;
      card.setAttribute("role", "button");
      card.setAttribute("aria-expanded", "false");
      var toggleZoom = function () {
        var on = !card.classList.contains("pnp-zoomed");
        document.querySelectorAll(".pnp-card.pnp-zoomed").forEach(function (c) {
          c.classList.remove("pnp-zoomed"); c.setAttribute("aria-expanded", "false");
        });
        if (on) { card.classList.add("pnp-zoomed"); card.setAttribute("aria-expanded", "true"); }
      };
      card.addEventListener("click", toggleZoom);
      card.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggleZoom(); }
        if (e.key === "Escape" && card.classList.contains("pnp-zoomed")) toggleZoom();
      });
    });
  }

  // ---- a copy-link button on each rule ---------------------------------------------------------------
  function setupCopyLinks() {
    var labels = document.getElementById("pnp-labels");
    var words = labels ? JSON.parse(labels.textContent) : {copy: "Copy link", copied: "Copied"};
    document.querySelectorAll(".md-typeset :is(h2, h3, h4, h5, h6)[id^='r-']").forEach(function (h) {
      if (h.querySelector(".pnp-copy")) return;
      var b = document.createElement("button");
      b.type = "button"; b.className = "pnp-copy"; b.title = words.copy;
      b.setAttribute("aria-label", words.copy + ": " + h.textContent.replace(/[#¶]$/, "").trim());
      b.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7a5 5 0 0 0 0 10h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1M8 13h8v-2H8zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4a5 5 0 0 0 0-10"/></svg>';
      b.addEventListener("click", function () {
        var url = location.href.split("#")[0] + "#" + h.id;
        var done = function () {
          b.classList.add("pnp-copied"); b.title = words.copied;
          setTimeout(function () { b.classList.remove("pnp-copied"); b.title = words.copy; }, 1500);
        };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(url).then(done, function () { history.replaceState(null, "", "#" + h.id); done(); });
        } else { history.replaceState(null, "", "#" + h.id); done(); }
      });
      h.appendChild(b);
    });
  }

  function init() {
    setupGallery(); setupLanguageSwitch(); setupTabLinks(); setupDefinitions(); setupZoom(); setupCopyLinks();
    followHash();
  }
  window.addEventListener("hashchange", followHash);
  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
