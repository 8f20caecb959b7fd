/* pnpforge rules site: the card-gallery filter and a language switch that stays on the same page. */
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

  function init() { setupGallery(); setupLanguageSwitch(); }
  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
