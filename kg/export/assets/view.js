/* kg graph view: Cytoscape.js over the JSON island #kg-data. User text only ever goes through textContent. */
(function () {
  "use strict";
  var doc = JSON.parse(document.getElementById("kg-data").textContent);
  var quotes = (doc.kg && doc.kg.quotes) || {};
  var TYPE_COLOURS = { Product: "#4a90d9", Organization: "#e0a526", Technology: "#4caf6a", License: "#a066c9",
    Benchmark: "#e06666", Platform: "#7d8c99" };
  var REL_COLOURS = { competes_with: "#d9534f", threatens: "#8e44ad", depends_on: "#2e86c1", developed_by: "#e0a526",
    version_of: "#16a085", feature_of: "#7f8c8d", about: "#b8c2cc", contradicts: "#e67e22" };
  var params = new URLSearchParams(window.location.search);

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }

  var style = [
    { selector: "node", style: { "label": "data(label)", "font-size": 11, "text-valign": "bottom", "text-margin-y": 3,
      "text-wrap": "ellipsis", "text-max-width": "150px", "width": 22, "height": 22, "background-color": "#95a5a6",
      "border-width": 1, "border-color": "#fff", "min-zoomed-font-size": 7 } },
    { selector: "node.claim", style: { "shape": "diamond", "width": 12, "height": 12, "font-size": 8,
      "background-color": "#b8c2cc", "text-max-width": "110px", "color": "#667" } },
    { selector: "node[?discovered]", style: { "border-style": "dashed", "border-color": "#333", "border-width": 1 } },
    { selector: "edge", style: { "curve-style": "bezier", "width": 1.6, "line-color": "#999", "target-arrow-color": "#999",
      "target-arrow-shape": "triangle", "arrow-scale": 0.8, "label": "data(label)", "font-size": 8,
      "text-rotation": "autorotate", "color": "#556", "min-zoomed-font-size": 8, "text-background-color": "#fafbfc",
      "text-background-opacity": 0.8 } },
    { selector: "edge[?symmetric]", style: { "target-arrow-shape": "none" } },
    { selector: "edge[?hedged]", style: { "line-style": "dashed" } },
    { selector: "edge.about", style: { "width": 1, "line-style": "dotted", "label": "", "arrow-scale": 0.5 } },
    { selector: ".faded", style: { "opacity": 0.2 } },
    { selector: "node.found", style: { "border-width": 4, "border-color": "#e4572e" } },
    { selector: "node:selected", style: { "border-width": 4, "border-color": "#e4572e" } },
    { selector: "edge:selected", style: { "width": 3.5 } },
    { selector: ".hidden", style: { "display": "none" } }
  ];
  Object.keys(TYPE_COLOURS).forEach(function (type) {
    style.push({ selector: "node." + type, style: { "background-color": TYPE_COLOURS[type] } });
  });
  Object.keys(REL_COLOURS).forEach(function (rel) {
    style.push({ selector: "edge." + rel, style: { "line-color": REL_COLOURS[rel], "target-arrow-color": REL_COLOURS[rel] } });
  });

  var elements = doc.elements.nodes.concat(doc.elements.edges);
  var big = doc.elements.nodes.length > 600;
  var cy = cytoscape({ container: document.getElementById("cy"), elements: elements, style: style,
    minZoom: 0.05, maxZoom: 4 });
  var nodeCount = cy.nodes().length, edgeCount = cy.edges().length;
  document.getElementById("counts").textContent = nodeCount + " nodes · " + edgeCount + " edges";

  /* ---- filters: one checkbox per relation type, plus claims ---- */
  var rels = {};
  cy.edges().forEach(function (e) { var r = e.data("rel") || "related"; rels[r] = (rels[r] || 0) + 1; });
  var hidden = (params.get("hide") || "").split(",").filter(Boolean);
  if (big && !params.has("hide")) hidden = ["claims"];  // large graphs open on the entities alone
  var filters = document.getElementById("filters");
  function addFilter(key, title, count, colour) {
    var label = el("label"), box = el("input");
    box.type = "checkbox"; box.id = "filter-" + key; box.checked = hidden.indexOf(key) < 0; box.dataset.filter = key;
    box.addEventListener("change", applyFilters);
    label.appendChild(box);
    if (colour) { var sw = el("span", null, "swatch"); sw.style.background = colour; label.appendChild(sw); }
    label.appendChild(el("span", title + " (" + count + ")"));
    filters.appendChild(label);
  }
  Object.keys(rels).sort().forEach(function (rel) { addFilter(rel, rel, rels[rel], REL_COLOURS[rel] || "#999"); });
  if (cy.nodes(".claim").length) addFilter("claims", "claim nodes", cy.nodes(".claim").length, null);

  function applyFilters() {
    var off = {};
    filters.querySelectorAll("input[data-filter]").forEach(function (box) { off[box.dataset.filter] = !box.checked; });
    cy.batch(function () {
      cy.elements().removeClass("hidden");
      cy.edges().forEach(function (e) { if (off[e.data("rel") || "related"]) e.addClass("hidden"); });
      if (off.claims) cy.nodes(".claim").addClass("hidden");
    });
    document.body.dataset.visibleNodes = String(cy.nodes().filter(function (n) { return n.visible(); }).length);
    document.body.dataset.visibleEdges = String(cy.edges().filter(function (e) { return e.visible(); }).length);
  }

  /* ---- search ---- */
  var names = document.getElementById("names");
  var entities = cy.nodes(".entity").sort(function (a, b) { return a.data("label") < b.data("label") ? -1 : 1; });
  entities.forEach(function (n) { var o = el("option"); o.value = n.data("label"); names.appendChild(o); });

  function norm(s) { return String(s || "").normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase(); }
  function findNode(query) {
    var q = norm(query);
    if (!q) return null;
    var tiers = [[], [], []];
    cy.nodes().forEach(function (n) {
      var keys = [n.data("label"), n.data("name")].concat(n.data("aliases") || []).map(norm);
      var rank = keys.indexOf(q) >= 0 ? 0 : keys.some(function (k) { return k.indexOf(q) === 0; }) ? 1
        : keys.some(function (k) { return k.indexOf(q) >= 0; }) ? 2 : -1;
      if (rank >= 0) tiers[rank].push(n);
    });
    for (var i = 0; i < tiers.length; i++) {
      var hits = tiers[i].sort(function (a, b) {
        return (a.hasClass("claim") - b.hasClass("claim")) || (a.id() < b.id() ? -1 : 1);
      });
      if (hits.length) return hits[0];
    }
    return null;
  }
  function search(query) {
    var status = document.getElementById("status"), node = findNode(query);
    cy.elements().removeClass("found faded");
    if (!node) {
      status.textContent = "No match for “" + query + "”";
      document.body.dataset.selected = "";
      return null;
    }
    select(node);
    status.textContent = "Found: " + node.data("label");
    return node;
  }
  function select(node) {
    cy.elements().unselect().removeClass("found faded");
    node.select().addClass("found");
    cy.elements().difference(node.closedNeighborhood()).addClass("faded");
    cy.fit(node.closedNeighborhood(), 80);
    if (cy.zoom() > 1.5) { cy.zoom(1.5); cy.center(node); }
    document.body.dataset.selected = node.id();
    showNode(node);
  }
  document.getElementById("search-form").addEventListener("submit", function (ev) {
    ev.preventDefault();
    search(document.getElementById("search").value);
  });

  /* ---- side panel ---- */
  var panel = document.getElementById("panel");
  function evidence(data) {
    var box = el("blockquote"), q = quotes[data.quote];
    var text = q ? q.text : (data.evidence || "");
    var chars = Array.from(text), start = data.start, end = data.end;
    if (q && typeof start === "number" && typeof end === "number" && end <= chars.length && start <= end) {
      box.appendChild(document.createTextNode(chars.slice(0, start).join("")));
      box.appendChild(el("mark", chars.slice(start, end).join("")));
      box.appendChild(document.createTextNode(chars.slice(end).join("")));
    } else {
      box.textContent = text;
    }
    var where = [];
    if (q && q.sources) q.sources.forEach(function (s) {
      where.push([s.name || s.doc, s.author, s.date].filter(Boolean).join(", "));
    });
    if (!where.length && data.doc_name) where.push(data.doc_name);
    var meta = [where.join("; ")];
    if (data.rule) meta.push("rule " + data.rule);
    if (typeof data.confidence === "number") meta.push("confidence " + data.confidence.toFixed(2));
    box.appendChild(el("span", meta.filter(Boolean).join(" · "), "source"));
    return box;
  }
  function nodeLink(node) {
    var b = el("button", node.data("label"), "link");
    b.type = "button";
    b.addEventListener("click", function () { select(node); });
    return b;
  }
  function claimItem(data) {
    var li = el("li");
    li.appendChild(el("span", data.claim_type, "badge"));
    if (data.polarity) li.appendChild(el("span", data.polarity, "badge " + data.polarity));
    if (data.credibility) li.appendChild(el("span", data.credibility, "badge " + data.credibility));
    li.appendChild(el("span", data.text));
    if (data.value !== undefined) {
      var v = typeof data.value === "object" ? JSON.stringify(data.value) : String(data.value);
      li.appendChild(el("div", "value: " + [data.comparator, v, data.unit].filter(Boolean).join(" "), "meta"));
    }
    if (data.horizon) li.appendChild(el("div", "horizon: " + data.horizon, "meta"));
    li.appendChild(evidence(data));
    return li;
  }
  function relationItem(edge, node) {
    var li = el("li"), d = edge.data(), outgoing = edge.source().id() === node.id();
    var other = outgoing ? edge.target() : edge.source();
    li.appendChild(el("span", d.rel + (d.symmetric ? " ↔ " : outgoing ? " → " : " ← "), "badge"));
    li.appendChild(nodeLink(other));
    var extra = [d.hedged ? "hedged" : "", d.horizon ? "within " + d.horizon : ""].filter(Boolean);
    if (extra.length) li.appendChild(el("div", extra.join(" · "), "meta"));
    if (d.quote || d.evidence) li.appendChild(evidence(d));
    return li;
  }
  function section(title, items) {
    if (!items.length) return;
    panel.appendChild(el("h3", title + " (" + items.length + ")"));
    var ul = el("ul");
    items.forEach(function (li) { ul.appendChild(li); });
    panel.appendChild(ul);
  }
  function showNode(node) {
    var d = node.data();
    panel.replaceChildren();
    panel.appendChild(el("h2", d.label));
    if (d.kind === "claim") {
      panel.appendChild(el("div", "claim · " + d.claim_type, "meta"));
      var about = cy.getElementById(d.about);
      if (about.nonempty()) { var p = el("p", "about "); p.appendChild(nodeLink(about)); panel.appendChild(p); }
      section("Claim", [claimItem(d)]);
      section("Contradicts", node.connectedEdges(".contradicts").map(function (e) {
        var other = e.source().id() === node.id() ? e.target() : e.source();
        var li = el("li", (e.data("topic") || "") + ": "); li.appendChild(nodeLink(other)); return li;
      }));
      return;
    }
    var meta = [d.type];
    if (d.aliases && d.aliases.length) meta.push("also " + d.aliases.join(", "));
    if (d.discovered) meta.push("discovered (not in catalog)");
    panel.appendChild(el("div", meta.join(" · "), "meta"));
    if (d.part_of) {
      var parent = cy.getElementById(d.part_of);
      if (parent.nonempty()) { var pp = el("p", (d.part_kind || "part") + " of "); pp.appendChild(nodeLink(parent)); panel.appendChild(pp); }
    }
    if (d.maker) {
      var maker = cy.getElementById(d.maker);
      if (maker.nonempty()) { var mp = el("p", "made by "); mp.appendChild(nodeLink(maker)); panel.appendChild(mp); }
    }
    var claims = node.incomers("edge.about").sources().sort(function (a, b) { return a.id() < b.id() ? -1 : 1; });
    section("Claims", claims.map(function (c) { return claimItem(c.data()); }));
    var relations = node.connectedEdges().filter(function (e) { return !e.hasClass("about"); })
      .sort(function (a, b) { return a.id() < b.id() ? -1 : 1; });
    section("Relations", relations.map(function (e) { return relationItem(e, node); }));
  }
  function showEdge(edge) {
    var d = edge.data();
    panel.replaceChildren();
    panel.appendChild(el("h2", edge.source().data("label") + " " + d.label + " " + edge.target().data("label")));
    section("Evidence", [relationItem(edge, edge.source())]);
  }
  cy.on("tap", "node", function (ev) { select(ev.target); });
  cy.on("tap", "edge", function (ev) { showEdge(ev.target); });

  /* ---- layout, then report readiness ---- */
  function placeClaims() {  // each entity's claims on a small ring around it
    cy.nodes(".entity").forEach(function (entity) {
      var claims = entity.incomers("edge.about").sources(), p = entity.position(), r = 36 + 3 * claims.length;
      claims.forEach(function (claim, i) {
        var a = 2 * Math.PI * i / claims.length;
        claim.position({ x: p.x + r * Math.cos(a), y: p.y + r * Math.sin(a) });
      });
    });
  }
  var laidOut = big ? cy.elements().filter(function (e) {
    return e.isNode() ? !e.hasClass("claim") : !e.hasClass("about") && !e.hasClass("contradicts");
  }) : cy.elements();
  var layout = laidOut.layout(laidOut.nodes().length > 600 ? { name: "concentric", animate: false, minNodeSpacing: 20 }
    : { name: "cose", animate: false, randomize: false, nodeDimensionsIncludeLabels: true, padding: 30,
        idealEdgeLength: function () { return 90; }, nodeRepulsion: function () { return 9000; } });
  layout.one("layoutstop", function () {
    if (big) placeClaims();
    applyFilters();
    cy.fit(cy.elements(":visible"), 30);
    var q = params.get("q");
    if (q) { document.getElementById("search").value = q; search(q); }
    document.title = "ready:" + nodeCount + ":" + edgeCount;
    document.documentElement.dataset.ready = "true";
  });
  layout.run();
})();
