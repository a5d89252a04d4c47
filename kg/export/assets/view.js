/* kg graph view: an overview of the best-connected entities, the rest on demand. User text only ever goes
   through textContent. The data layout is described by kg.export.html.page_data. */
(function () {
  "use strict";
  var T = { start: performance.now() };
  var D = JSON.parse(document.getElementById("kg-data").textContent);
  T.parsed = performance.now();
  var ENT = D.entities, REL = D.relations, CLM = D.claims, QUO = D.quotes, DOCS = D.docs, N = ENT.length;
  // row fields (see page_data)
  var E_ID = 0, E_NAME = 1, E_TYPE = 2, E_ALIASES = 3, E_DISC = 4, E_MAKER = 5, E_PART = 6, E_PARTKIND = 7,
    E_DESC = 8;
  var R_SRC = 0, R_TGT = 1, R_REL = 2, R_HEDGED = 3, R_HORIZON = 4, R_EV = 5;
  var C_ABOUT = 0, C_TYPE = 1, C_TEXT = 2, C_VALUE = 3, C_UNIT = 4, C_CMP = 5, C_HORIZON = 6, C_CRED = 7,
    C_POL = 8, C_EV = 9;
  var TYPE_COLOURS = { Product: "#3b7dd8", Organization: "#e39a1c", Technology: "#3aa35c", License: "#9a5cc6",
    Benchmark: "#d9534f", Platform: "#6f7f8f" };
  var REL_COLOURS = {}, REL_LABELS = {};  // from ontology/facts.json, through the page data
  D.rels.forEach(function (r, k) { REL_COLOURS[r] = D.rel_colours[k]; REL_LABELS[r] = D.rel_labels[k]; });
  var FONT = "12px system-ui, Roboto, Helvetica, Arial, sans-serif", FONT_PX = 12;
  var params = new URLSearchParams(window.location.search);
  var TOP = Math.max(1, parseInt(params.get("top"), 10) || 150);  // entities in the overview
  var MAX_NEIGHBOURS = 150;  // neighbours loaded when an entity is opened
  var LIST_STEP = 40;  // panel list items shown before "show more"

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  function fmt(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }  // 12,345 (Intl is slow to start)

  /* ---- indexes over the rows: relations and claims of each entity, degree, rank ---- */
  var relsOf = [], claimsOf = [], degree = new Int32Array(N), stamp = new Int32Array(N).fill(-1);
  var contraOf = {};
  for (var i = 0; i < N; i++) { relsOf.push([]); claimsOf.push([]); }
  REL.forEach(function (r, k) { relsOf[r[R_SRC]].push(k); if (r[R_TGT] !== r[R_SRC]) relsOf[r[R_TGT]].push(k); });
  CLM.forEach(function (c, k) { claimsOf[c[C_ABOUT]].push(k); });
  D.contradictions.forEach(function (x) {
    (contraOf[x[0]] = contraOf[x[0]] || []).push([x[1], x[2]]);
    (contraOf[x[1]] = contraOf[x[1]] || []).push([x[0], x[2]]);
  });
  function other(k, i) { var r = REL[k]; return r[R_SRC] === i ? r[R_TGT] : r[R_SRC]; }
  for (i = 0; i < N; i++) {
    relsOf[i].forEach(function (k) { var o = other(k, i); if (stamp[o] !== i) { stamp[o] = i; degree[i]++; } });
  }
  function byImportance(a, b) {
    return (degree[b] - degree[a]) || (relsOf[b].length - relsOf[a].length) ||
      (claimsOf[b].length - claimsOf[a].length) || (ENT[a][E_NAME] < ENT[b][E_NAME] ? -1 : 1);
  }
  function byName(a, b) {
    var x = ENT[a][E_NAME].toLowerCase(), y = ENT[b][E_NAME].toLowerCase();
    return x < y ? -1 : x > y ? 1 : (ENT[a][E_ID] < ENT[b][E_ID] ? -1 : 1);
  }
  var connected = [], isolated = [];
  for (i = 0; i < N; i++) (relsOf[i].length ? connected : isolated).push(i);
  connected.sort(byImportance);
  isolated.sort(byName);
  var rank = new Int32Array(N).fill(N);
  connected.forEach(function (e, r) { rank[e] = r; });
  var overview = connected.slice(0, TOP), maxDegree = Math.max(1, degree[connected[0]] || 0);
  var symmetric = {};
  D.symmetric.forEach(function (name) { symmetric[D.rels.indexOf(name)] = true; });

  /* ---- header, legend ---- */
  var relCount = {}, typeCount = {};
  REL.forEach(function (r) { relCount[r[R_REL]] = (relCount[r[R_REL]] || 0) + 1; });
  ENT.forEach(function (e) { typeCount[e[E_TYPE]] = (typeCount[e[E_TYPE]] || 0) + 1; });
  document.getElementById("counts").textContent = fmt(N) + " entities · " + fmt(REL.length) + " relations · " +
    fmt(CLM.length) + " claims";

  var hidden = {};
  (params.get("hide") || "").split(",").filter(Boolean).forEach(function (h) { hidden[h] = true; });
  var legend = document.getElementById("legend-body");
  function legendRow(key, title, count, swatchClass, colour) {
    var label = el("label"), box = el("input"), sw = el("span", null, "swatch " + swatchClass);
    box.type = "checkbox"; box.id = "filter-" + key; box.checked = !hidden[key]; box.dataset.filter = key;
    box.addEventListener("change", applyFilters);
    sw.style.background = colour;
    label.appendChild(box); label.appendChild(sw);
    label.appendChild(el("span", title)); label.appendChild(el("span", fmt(count), "n"));
    return label;
  }
  legend.appendChild(el("div", "Entities", "legend-head"));
  D.types.forEach(function (t, k) {
    if (typeCount[k]) legend.appendChild(legendRow("type-" + t, t, typeCount[k], "dot", TYPE_COLOURS[t] || "#999"));
  });
  legend.appendChild(el("div", "Relations", "legend-head"));
  D.rels.forEach(function (r, k) {
    if (relCount[k]) legend.appendChild(legendRow(r, REL_LABELS[r] + (symmetric[k] ? " ↔" : " →"),
      relCount[k], "line", REL_COLOURS[r] || "#999"));
  });
  legend.appendChild(el("div", "Size: connections · “· n”: claims about it · dashed ring: discovered · " +
    "dashed line: hedged", "legend-note"));
  legend.appendChild(el("div", "Click an entity or search a name for its relations and claims, with their quotes.",
    "legend-note"));

  /* ---- the graph: entities drawn on demand, relations between drawn entities merged by type ---- */
  if (window.cytoscapeFcose) cytoscape.use(window.cytoscapeFcose);
  var zoomNow = 1;
  function screenFont() { return FONT_PX / zoomNow; }
  var style = [
    { selector: "node", style: { "background-color": "#95a5a6", "width": function (n) { return nodeSize(n); },
      "height": function (n) { return nodeSize(n); }, "border-width": function () { return 1 / zoomNow; },
      "border-color": "#fff", "label": "data(lbl)", "font-family": "system-ui, Roboto, Helvetica, Arial, sans-serif",
      "font-size": screenFont, "text-valign": "bottom", "text-margin-y": function () { return 2 / zoomNow; },
      "color": "#1d2731", "text-background-color": "#fafbfc", "text-background-opacity": 0.78,
      "text-background-padding": function () { return 1 / zoomNow; }, "text-background-shape": "roundrectangle" } },
    { selector: "node.lbl", style: { "z-index": 20 } },
    { selector: "node.disc", style: { "border-style": "dashed", "border-color": "#333" } },
    { selector: "edge", style: { "curve-style": "bezier", "width": function (e) { return edgeWidth(e); },
      "line-color": "#999", "target-arrow-color": "#999", "target-arrow-shape": "triangle",
      "arrow-scale": 0.7, "opacity": 0.7, "font-size": screenFont, "text-rotation": "autorotate",
      "color": "#445", "text-background-color": "#fafbfc", "text-background-opacity": 0.8 } },
    { selector: "edge.sym", style: { "target-arrow-shape": "none" } },
    { selector: "edge.hedged", style: { "line-style": "dashed" } },
    { selector: "edge.near", style: { "opacity": 1 } },
    { selector: "edge.near.few", style: { "label": "data(lbl)" } },
    { selector: ".faded", style: { "opacity": 0.12, "label": "" } },
    { selector: "node.found", style: { "border-width": function () { return 4 / zoomNow; }, "border-color": "#e4572e" } },
    { selector: "edge:selected, edge.hover", style: { "opacity": 1, "label": "data(lbl)", "z-index": 30 } },
    { selector: "node.hover", style: { "z-index": 40 } },
    { selector: ".hidden", style: { "display": "none" } }
  ];
  D.types.forEach(function (t) {
    style.push({ selector: "node.t-" + t, style: { "background-color": TYPE_COLOURS[t] || "#999" } });
  });
  D.rels.forEach(function (r) {
    var c = REL_COLOURS[r] || "#999";
    style.push({ selector: "edge.r-" + r, style: { "line-color": c, "target-arrow-color": c } });
  });
  function nodeSize(n) { return Math.max(n.data("size"), 7 / zoomNow); }
  function edgeWidth(e) { return Math.max(Math.min(1 + Math.log2(e.data("count")), 5), 1.2 / zoomNow); }

  var cy = cytoscape({ container: document.getElementById("cy"), elements: [], style: style,
    minZoom: 0.02, maxZoom: 6 });
  window.kgCy = cy;
  var drawn = new Uint8Array(N), relSeen = new Uint8Array(REL.length), nodeOf = {};
  var links = {}, linksOf = {};  // merged relations between drawn entities: id -> link; entity -> [link]

  function linkLabel(l) { return REL_LABELS[D.rels[l.rel]] + (l.rels.length > 1 ? " ×" + l.rels.length : ""); }
  function draw(list) {  // add entities and merge their relations to drawn entities into links; returns the new ones
    var fresh = [], add = [];
    list.forEach(function (e) {
      if (drawn[e]) return;
      drawn[e] = 1; fresh.push(e); linksOf[e] = [];
      var row = ENT[e];
      add.push({ group: "nodes", data: { id: row[E_ID], e: e, size: 10 + 26 * Math.sqrt(degree[e] / maxDegree), lbl: "" },
        classes: "t-" + D.types[row[E_TYPE]] + (row[E_DISC] ? " disc" : "") });
    });
    cy.add(add);
    fresh.forEach(function (e) {
      nodeOf[e] = cy.getElementById(ENT[e][E_ID]);
      relsOf[e].forEach(function (k) {
        var r = REL[k], o = other(k, e);
        if (relSeen[k] || !drawn[o]) return;
        relSeen[k] = 1;
        var s = r[R_SRC], t = r[R_TGT], sym = symmetric[r[R_REL]];
        if (sym && ENT[s][E_ID] > ENT[t][E_ID]) { s = r[R_TGT]; t = r[R_SRC]; }
        var id = "r:" + D.rels[r[R_REL]] + ":" + ENT[s][E_ID] + ":" + ENT[t][E_ID], l = links[id];
        if (!l) {
          l = links[id] = { id: id, s: s, t: t, rel: r[R_REL], rels: [], hedged: true };
          linksOf[s].push(l); if (t !== s) linksOf[t].push(l);
        }
        l.rels.push(k);
        l.hedged = l.hedged && !!r[R_HEDGED];
        if (l.edge) {  // already drawn: the line grows
          var edge = cy.getElementById(id);
          edge.data({ lbl: linkLabel(l), count: l.rels.length });
          if (!l.hedged) edge.removeClass("hedged");
        }
      });
    });
    return fresh;
  }
  function strongest(a, b) { return (b.rels.length - a.rels.length) || (a.id < b.id ? -1 : 1); }
  function show(list) {  // draw these links as edges (once)
    var add = [];
    list.forEach(function (l) {
      if (l.edge) return;
      l.edge = true;
      var sym = symmetric[l.rel];
      add.push({ group: "edges", data: { id: l.id, source: ENT[l.s][E_ID], target: ENT[l.t][E_ID], rels: l.rels,
        count: l.rels.length, rel: D.rels[l.rel], lbl: linkLabel(l) },
        classes: "r-" + D.rels[l.rel] + (sym ? " sym" : "") + (l.hedged ? " hedged" : "") });
    });
    cy.add(add);
  }

  /* ---- a readable backbone: when links are dense, each entity shows only its strongest few ---- */
  var KEEP = 3;
  function backbone(entities) {
    var all = [], total = 0;
    entities.forEach(function (e) { total += linksOf[e].length; });
    if (total <= 3 * entities.length) {  // each link is counted at both ends
      entities.forEach(function (e) { all = all.concat(linksOf[e]); });
    } else {
      entities.forEach(function (e) { all = all.concat(linksOf[e].slice().sort(strongest).slice(0, KEEP)); });
    }
    show(all);
  }

  /* ---- filters (legend checkboxes) ---- */
  function applyFilters() {
    var off = {};
    legend.querySelectorAll("input[data-filter]").forEach(function (box) { off[box.dataset.filter] = !box.checked; });
    cy.batch(function () {
      cy.elements().removeClass("hidden");
      cy.nodes().forEach(function (n) { if (off["type-" + D.types[ENT[n.data("e")][E_TYPE]]]) n.addClass("hidden"); });
      cy.edges().forEach(function (e) { if (off[e.data("rel")]) e.addClass("hidden"); });
    });
    report();
    scheduleLabels();
  }

  /* ---- labels: the most important entities first, never overlapping, a constant size on screen ---- */
  var measure = document.createElement("canvas").getContext("2d"), widths = {};
  measure.font = FONT;
  function labelText(e) {
    var name = ENT[e][E_NAME].replace(/\s+/g, " "), k = claimsOf[e].length;
    if (name.length > 32) name = name.slice(0, 31) + "…";
    return k ? name + " · " + k : name;
  }
  function textWidth(s) { return widths[s] || (widths[s] = measure.measureText(s).width); }
  var labelTimer = null;
  function scheduleLabels() {
    if (labelTimer) clearTimeout(labelTimer);
    labelTimer = setTimeout(function () { labelTimer = null; placeLabels(); }, 60);
  }
  function placeLabels() {
    var rescaled = zoomNow !== cy.zoom();
    zoomNow = cy.zoom();
    var W = cy.width(), H = cy.height(), cell = 60, grid = {}, count = 0;
    function free(x0, y0, x1, y1) {
      for (var gx = Math.floor(x0 / cell); gx <= Math.floor(x1 / cell); gx++) {
        for (var gy = Math.floor(y0 / cell); gy <= Math.floor(y1 / cell); gy++) {
          var boxes = grid[gx + "," + gy];
          if (!boxes) continue;
          for (var b = 0; b < boxes.length; b++) {
            var o = boxes[b];
            if (x0 < o[2] && o[0] < x1 && y0 < o[3] && o[1] < y1) return false;
          }
        }
      }
      return true;
    }
    function take(box) {
      for (var gx = Math.floor(box[0] / cell); gx <= Math.floor(box[2] / cell); gx++) {
        for (var gy = Math.floor(box[1] / cell); gy <= Math.floor(box[3] / cell); gy++) {
          (grid[gx + "," + gy] = grid[gx + "," + gy] || []).push(box);
        }
      }
    }
    var nodes = cy.nodes().toArray().sort(function (a, b) {
      return (b.hasClass("found") - a.hasClass("found")) || (b.hasClass("near") - a.hasClass("near")) ||
        (rank[a.data("e")] - rank[b.data("e")]) || byName(a.data("e"), b.data("e"));
    });
    cy.batch(function () {
      nodes.forEach(function (n) {
        var text = "", e = n.data("e");
        if (n.visible() && !n.hasClass("faded")) {
          var p = n.renderedPosition(), r = nodeSize(n) * zoomNow / 2, w = textWidth(labelText(e)) + 4;
          var box = [p.x - w / 2, p.y + r + 1, p.x + w / 2, p.y + r + FONT_PX + 5];
          var onScreen = box[2] > 0 && box[0] < W && box[3] > 0 && box[1] < H;
          if (onScreen && free(box[0], box[1], box[2], box[3])) { take(box); text = labelText(e); count++; }
        }
        if (n.data("lbl") !== text) n.data("lbl", text);
        if (text) n.addClass("lbl"); else n.removeClass("lbl");
      });
      if (rescaled) cy.style().update();  // sizes and fonts follow the zoom
    });
    document.body.dataset.labels = String(count);
    view.labels = count;
  }
  cy.on("viewport", scheduleLabels);

  /* ---- positions for entities loaded on demand: rings around the entity they belong to ---- */
  function ring(centre, nodes) {
    var placed = 0, radius = 110 + centre.data("size"), step = 46;
    while (placed < nodes.length) {
      var room = Math.max(6, Math.floor(2 * Math.PI * radius / step)), here = Math.min(room, nodes.length - placed);
      for (var k = 0; k < here; k++) {
        var a = 2 * Math.PI * k / here + (radius / 97);
        nodes[placed + k].position({ x: centre.position("x") + radius * Math.cos(a),
          y: centre.position("y") + radius * Math.sin(a) });
      }
      placed += here; radius += step * 1.3;
    }
  }
  function spotNear(placed) {  // among the neighbours already drawn, or right of everything when there are none
    if (placed.length) {
      var x = 0, y = 0;
      placed.forEach(function (f) { x += nodeOf[f].position("x"); y += nodeOf[f].position("y"); });
      return { x: x / placed.length + 30, y: y / placed.length + 30 };
    }
    var bb = cy.nodes(".placed").boundingBox();
    return bb.w ? { x: bb.x2 + 400, y: (bb.y1 + bb.y2) / 2 } : { x: 0, y: 0 };
  }

  /* ---- selection: draw the entity and its neighbours, zoom to them, fill the panel ---- */
  var view = window.kgView = { entities: N, connected: connected.length, isolated: isolated.length,
    overview: overview.length, relations: REL.length, claims: CLM.length, selected: "", labels: 0 };

  function neighbours(e) {
    var seen = {}, out = [];
    relsOf[e].forEach(function (k) { var o = other(k, e); if (!seen[o] && o !== e) { seen[o] = 1; out.push(o); } });
    return out.sort(byImportance);
  }
  function open(e) {
    var wasDrawn = drawn[e];
    var near = neighbours(e).slice(0, MAX_NEIGHBOURS);
    openPanel();
    var fresh = draw([e].concat(near));
    show(linksOf[e]);
    backbone(fresh);
    var node = nodeOf[e];
    if (!wasDrawn) node.position(spotNear(near.filter(function (f) { return fresh.indexOf(f) < 0; })));
    ring(node, fresh.filter(function (f) { return f !== e; }).map(function (f) { return nodeOf[f]; }));
    fresh.forEach(function (f) { nodeOf[f].addClass("placed"); });
    var hood = node.closedNeighborhood().filter(function (x) { return x.visible(); });
    cy.batch(function () {
      cy.elements().removeClass("found near faded few").unselect();
      cy.elements().difference(hood).addClass("faded");
      hood.addClass("near");
      if (hood.edges().length <= 12) hood.edges().addClass("few");  // name the links when they are few
      node.addClass("found");
    });
    fitTo(hood, 40);
    if (cy.zoom() > 1.6) cy.zoom({ level: 1.6, renderedPosition: node.renderedPosition() });
    view.selected = ENT[e][E_ID];
    document.body.dataset.selected = ENT[e][E_ID];
    remember(ENT[e][E_NAME]);
    showEntity(e);
    report();
    placeLabels();
  }
  function fitTo(eles, pad) {  // like cy.fit, but into the part of the canvas the legend leaves free
    var bb = eles.boundingBox(), box = document.getElementById("legend"), W = cy.width(), H = cy.height();
    if (!eles.length || !isFinite(bb.w)) return;
    var left = box.offsetLeft + box.offsetWidth, top = 0;
    if (W - left < 0.55 * W) { left = 0; top = box.offsetTop + box.offsetHeight; }  // narrow window: below it
    var side = 0;  // room for the labels of the nodes at the left and right ends
    eles.nodes().forEach(function (n) {
      var x = n.position("x");
      if (x - bb.x1 < 0.08 * bb.w || bb.x2 - x < 0.08 * bb.w) side = Math.max(side, textWidth(labelText(n.data("e"))) / 2);
    });
    side = Math.min(side, 0.2 * W);
    var w = W - left - 2 * pad - 2 * side, h = H - top - 2 * pad;
    var z = Math.min(w / Math.max(bb.w, 1), h / Math.max(bb.h, 1));
    z = Math.max(cy.minZoom(), Math.min(z, cy.maxZoom()));
    cy.viewport({ zoom: z, pan: { x: left + pad + side + w / 2 - z * (bb.x1 + bb.w / 2), y: top + pad + h / 2 - z * (bb.y1 + bb.h / 2) } });
  }
  function remember(name) {  // the address names what is open, so it can be bookmarked or shared
    var url = new URL(window.location.href);
    if (name) url.searchParams.set("q", name); else url.searchParams.delete("q");
    try { window.history.replaceState(null, "", url.href); } catch (err) { /* some file:// pages refuse */ }
  }
  function overviewView() {
    cy.batch(function () { cy.elements().removeClass("found near faded few").unselect(); });
    var main = cy.collection();
    overview.forEach(function (e) { main = main.union(nodeOf[e]); });
    fitTo(main.filter(function (x) { return x.visible(); }), 30);
    view.selected = ""; document.body.dataset.selected = "";
    placeLabels();
  }
  function report() {
    var nodes = cy.nodes().filter(function (n) { return n.visible(); });
    var edges = cy.edges().filter(function (e) { return e.visible(); });
    view.drawnNodes = cy.nodes().length; view.drawnEdges = cy.edges().length;
    document.body.dataset.visibleNodes = String(nodes.length);
    document.body.dataset.visibleEdges = String(edges.length);
    var shown = document.getElementById("shown");
    shown.textContent = "showing " + fmt(nodes.length) + " entities, " + fmt(edges.length) + " links";
  }

  /* ---- search ---- */
  function norm(s) { return String(s || "").normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase(); }
  var keys = null;
  function searchKeys() {
    if (!keys) keys = ENT.map(function (row) { return [row[E_NAME]].concat(row[E_ALIASES]).map(norm); });
    return keys;
  }
  function findEntity(query) {
    var q = norm(query), best = -1, bestTier = 3;
    if (!q) return -1;
    searchKeys().forEach(function (ks, e) {
      var tier = ks.indexOf(q) >= 0 ? 0 : ks.some(function (k) { return k.indexOf(q) === 0; }) ? 1
        : ks.some(function (k) { return k.indexOf(q) >= 0; }) ? 2 : 3;
      if (tier < bestTier || (tier === bestTier && tier < 3 && byImportance(e, best) < 0)) { best = e; bestTier = tier; }
    });
    return bestTier < 3 ? best : -1;
  }
  var status = document.getElementById("status");
  function search(query) {
    var e = findEntity(query);
    if (e < 0) { status.textContent = "No match for “" + query + "”"; return -1; }
    status.textContent = "Found: " + ENT[e][E_NAME];
    open(e);
    return e;
  }
  var searchBox = document.getElementById("search");
  searchBox.addEventListener("focus", function () {  // the name list is built when first needed
    var names = document.getElementById("names");
    if (names.childElementCount) return;
    var frag = document.createDocumentFragment();
    connected.concat(isolated).forEach(function (e) { var o = el("option"); o.value = ENT[e][E_NAME]; frag.appendChild(o); });
    names.appendChild(frag);
  });
  document.getElementById("search-form").addEventListener("submit", function (ev) {
    ev.preventDefault();
    search(searchBox.value);
  });
  function backToOverview() { status.textContent = ""; closePanel(); remember(""); overviewView(); }
  document.getElementById("overview").addEventListener("click", backToOverview);
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" && document.activeElement !== searchBox) backToOverview();
  });
  document.getElementById("isolated").textContent = "Not connected (" + fmt(isolated.length) + ")";
  document.getElementById("isolated").addEventListener("click", showIsolated);

  /* ---- side panel: relations first, then claims, each with its quote ---- */
  var panel = document.getElementById("panel");
  function openPanel() {  // the panel takes room from the graph only once it has something to show
    if (document.body.classList.contains("panel-open")) return;
    document.body.classList.add("panel-open");
    cy.resize();
  }
  function closePanel() {
    document.body.classList.remove("panel-open");
    panel.replaceChildren();
    cy.resize();
  }
  function evidence(row, at) {
    var box = el("blockquote"), q = row[at] >= 0 ? QUO[row[at]] : null, start = row[at + 1], end = row[at + 2];
    var own = row[at + 6];
    if (q && !own) {
      var chars = Array.from(q[0]);
      box.appendChild(document.createTextNode(chars.slice(0, start).join("")));
      box.appendChild(el("mark", chars.slice(start, end).join("")));
      box.appendChild(document.createTextNode(chars.slice(end).join("")));
    } else if (q) {
      box.textContent = q[0];
    } else {
      box.textContent = own;
    }
    var where = [];
    if (q) q[1].forEach(function (s) {
      var doc = s[0] >= 0 ? DOCS[s[0]][0] : "";
      where.push([doc, s[1], s[2]].filter(Boolean).join(", "));
    });
    if (!where.length && row[at + 5] >= 0) where.push(DOCS[row[at + 5]][0]);
    var meta = [where.join("; "), "rule " + D.rules[row[at + 4]], "confidence " + row[at + 3].toFixed(2)];
    box.appendChild(el("span", meta.filter(Boolean).join(" · "), "source"));
    return box;
  }
  function entityLink(e) {
    var b = el("button", ENT[e][E_NAME], "link");
    b.type = "button";
    b.addEventListener("click", function () { open(e); });
    return b;
  }
  function section(title, total, items, render) {  // items rendered LIST_STEP at a time
    if (!total) return;
    panel.appendChild(el("h3", title + " (" + fmt(total) + ")"));
    var ul = el("ul"), shown = 0, more = el("button", "", "more");
    more.type = "button";
    function step() {
      items.slice(shown, shown + LIST_STEP).forEach(function (item) { ul.appendChild(render(item)); });
      shown = Math.min(items.length, shown + LIST_STEP);
      more.textContent = "Show " + Math.min(LIST_STEP, items.length - shown) + " more of " + fmt(items.length - shown);
      more.hidden = shown >= items.length;
    }
    more.addEventListener("click", step);
    panel.appendChild(ul); panel.appendChild(more);
    step();
  }
  function relationGroups(e) {  // one group per relation type, direction and other entity
    var groups = {}, out = [];
    relsOf[e].forEach(function (k) {
      var r = REL[k], o = other(k, e), dir = symmetric[r[R_REL]] ? "↔" : r[R_SRC] === e ? "→" : "←";
      var key = r[R_REL] + dir + o;
      if (!groups[key]) out.push(groups[key] = { rel: r[R_REL], dir: dir, other: o, rels: [] });
      groups[key].rels.push(k);
    });
    return out.sort(function (a, b) {
      return (a.rel - b.rel) || (b.rels.length - a.rels.length) || byImportance(a.other, b.other) || (a.dir < b.dir ? -1 : 1);
    });
  }
  function statement(k) {
    var r = REL[k], li = el("li", null, "statement");
    var extra = [r[R_HEDGED] ? "hedged" : "", r[R_HORIZON] ? "within " + r[R_HORIZON] : ""].filter(Boolean);
    if (extra.length) li.appendChild(el("div", extra.join(" · "), "meta"));
    li.appendChild(evidence(r, R_EV));
    return li;
  }
  function groupItem(g) {
    var li = el("li"), rel = D.rels[g.rel];
    li.appendChild(el("span", REL_LABELS[rel] + " " + g.dir, "badge r-" + rel));
    li.appendChild(entityLink(g.other));
    if (g.rels.length > 1) li.appendChild(el("span", " ×" + g.rels.length, "meta"));
    var ul = el("ul", null, "statements");
    g.rels.slice(0, 3).forEach(function (k) { ul.appendChild(statement(k)); });
    li.appendChild(ul);
    if (g.rels.length > 3) {
      var more = el("button", "Show " + (g.rels.length - 3) + " more quotes", "more");
      more.type = "button";
      more.addEventListener("click", function () {
        g.rels.slice(3).forEach(function (k) { ul.appendChild(statement(k)); }); more.remove();
      });
      li.appendChild(more);
    }
    return li;
  }
  function claimItem(k) {
    var c = CLM[k], li = el("li");
    li.appendChild(el("span", D.claim_types[c[C_TYPE]], "badge"));
    if (c[C_POL]) li.appendChild(el("span", c[C_POL], "badge " + c[C_POL]));
    if (c[C_CRED]) li.appendChild(el("span", c[C_CRED], "badge " + c[C_CRED]));
    var text = c[C_TEXT] || c[C_EV + 6];
    if (!text && c[C_EV] >= 0) text = Array.from(QUO[c[C_EV]][0]).slice(c[C_EV + 1], c[C_EV + 2]).join("");
    li.appendChild(el("span", text));
    if (c[C_VALUE] !== null && c[C_VALUE] !== undefined) {
      var v = typeof c[C_VALUE] === "object" ? JSON.stringify(c[C_VALUE]) : String(c[C_VALUE]);
      li.appendChild(el("div", "value: " + [c[C_CMP], v, c[C_UNIT]].filter(Boolean).join(" "), "meta"));
    }
    if (c[C_HORIZON]) li.appendChild(el("div", "horizon: " + c[C_HORIZON], "meta"));
    (contraOf[k] || []).forEach(function (x) {
      var o = CLM[x[0]], t = o[C_TEXT] || o[C_EV + 6] ||
        (o[C_EV] >= 0 ? Array.from(QUO[o[C_EV]][0]).slice(o[C_EV + 1], o[C_EV + 2]).join("") : "");
      li.appendChild(el("div", "contradicts" + (x[1] ? " (" + x[1] + ")" : "") + ": " + t, "meta contradiction"));
    });
    li.appendChild(evidence(c, C_EV));
    return li;
  }
  function showEntity(e) {
    var row = ENT[e];
    panel.replaceChildren();
    panel.appendChild(el("h2", row[E_NAME]));
    var meta = [D.types[row[E_TYPE]]];
    if (row[E_ALIASES].length) meta.push("also " + row[E_ALIASES].join(", "));
    if (row[E_DISC]) meta.push("discovered (not in catalog)");
    meta.push(degree[e] + " connected " + (degree[e] === 1 ? "entity" : "entities"));
    panel.appendChild(el("div", meta.join(" · "), "meta"));
    if (row[E_DESC]) panel.appendChild(el("p", row[E_DESC]));
    if (row[E_PART] >= 0) { var pp = el("p", (row[E_PARTKIND] || "part") + " of "); pp.appendChild(entityLink(row[E_PART])); panel.appendChild(pp); }
    if (row[E_MAKER] >= 0) { var mp = el("p", "made by "); mp.appendChild(entityLink(row[E_MAKER])); panel.appendChild(mp); }
    if (degree[e] > MAX_NEIGHBOURS) {
      panel.appendChild(el("p", "The graph shows its " + MAX_NEIGHBOURS + " best-connected neighbours; the list below has all.", "meta"));
    }
    var groups = relationGroups(e);
    section("Relations", relsOf[e].length, groups, groupItem);
    var claims = claimsOf[e].slice().sort(function (a, b) { return (CLM[a][C_TYPE] - CLM[b][C_TYPE]) || (a - b); });
    section("Claims", claims.length, claims, claimItem);
  }
  function showEdge(edge) {
    openPanel();
    var d = edge.data(), s = cy.getElementById(d.source).data("e"), t = cy.getElementById(d.target).data("e");
    panel.replaceChildren();
    var h = el("h2");
    h.appendChild(entityLink(s)); h.appendChild(document.createTextNode(" " + d.lbl + " ")); h.appendChild(entityLink(t));
    panel.appendChild(h);
    section("Evidence", d.rels.length, d.rels, statement);
  }
  function showIsolated() {
    openPanel();
    panel.replaceChildren();
    panel.appendChild(el("h2", "Not connected"));
    panel.appendChild(el("p", "Entities named in the quotes with no relation to another entity; they are left out " +
      "of the graph. Click one to see its claims.", "meta"));
    section("Entities", isolated.length, isolated, function (e) {
      var li = el("li", null, "compact"); li.appendChild(entityLink(e));
      li.appendChild(el("span", " " + D.types[ENT[e][E_TYPE]] + (claimsOf[e].length ? " · " + claimsOf[e].length + " claims" : ""), "meta"));
      return li;
    });
  }
  cy.on("mouseover", "node", function (ev) {  // a name hidden to avoid overlap shows while pointed at
    var n = ev.target;
    if (!n.data("lbl")) n.data("lbl", labelText(n.data("e")));
    n.addClass("hover");
  });
  cy.on("mouseout", "node", function (ev) { ev.target.removeClass("hover"); scheduleLabels(); });
  cy.on("mouseover", "edge", function (ev) { ev.target.addClass("hover"); });
  cy.on("mouseout", "edge", function (ev) { ev.target.removeClass("hover"); });
  cy.on("tap", "node", function (ev) { open(ev.target.data("e")); });
  cy.on("tap", "edge", function (ev) { showEdge(ev.target); });

  /* ---- the overview: lay out the best-connected entities (seeded, so every opening looks the same) ---- */
  function seeded(run) {
    var saved = Math.random, state = 0x2545f491;
    Math.random = function () {  // mulberry32
      state = (state + 0x6d2b79f5) | 0;
      var t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    try { run(); } finally { Math.random = saved; }
  }
  T.indexed = performance.now();
  draw(overview);
  backbone(overview);
  cy.nodes().addClass("placed");
  var options = window.cytoscapeFcose
    ? { name: "fcose", quality: "default", randomize: true, animate: false, fit: false, packComponents: false,
        nodeRepulsion: function () { return 9000; }, idealEdgeLength: function () { return 80; },
        edgeElasticity: function () { return 0.3; }, nodeSeparation: 90, gravity: 0.3, numIter: 1500 }
    : { name: "cose", animate: false, fit: false, randomize: false };
  T.drawn = performance.now();
  if (cy.nodes().length) seeded(function () { cy.layout(options).run(); });
  T.laidOut = performance.now();
  applyFilters();
  overviewView();
  var q = params.get("q");
  if (q) { searchBox.value = q; search(q); }
  view.readyMs = Math.round(performance.now());
  Object.keys(T).forEach(function (k) { T[k] = Math.round(T[k]); });
  view.timings = T;
  window.kgReady = true;
  document.documentElement.dataset.ready = "true";
  document.title = "ready:" + cy.nodes().length + ":" + cy.edges().length;
  requestAnimationFrame(function () { requestAnimationFrame(function () {
    view.paintedMs = Math.round(performance.now());
  }); });
})();
