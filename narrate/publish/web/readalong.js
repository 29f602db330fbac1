/* The page of `narrate serve`: copy the feed URL, chapters that seek, and each episode's
   transcript as a read-along: the word being heard is marked and kept in view, a tap on any
   word plays from there, the chapter being heard is marked in the list. Keyboard: the
   transcript is one stop in the tab order; arrow keys move from sentence to sentence, Enter
   or Space plays from the one in focus. Episodes whose manifest has no word times are marked
   sentence by sentence. Plain script, nothing loaded from elsewhere. */
(function () {
  "use strict";
  var reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  var FOLLOW_PAUSE_MS = 4000; // after the listener scrolls the text, it is left where they put it

  document.getElementById("copy").addEventListener("click", function () {
    var field = document.getElementById("feed-url");
    field.select();
    if (navigator.clipboard) { navigator.clipboard.writeText(field.value); } else { document.execCommand("copy"); }
  });

  function seek(audio, seconds) {
    audio.currentTime = seconds;
    var played = audio.play();
    if (played && played.catch) { played.catch(function () {}); } // a browser that wants a gesture first
  }

  /* The last of `items` (sorted by .start) that has started at `time`, or -1. */
  function lastStarted(items, time) {
    var low = 0, high = items.length - 1, found = -1;
    while (low <= high) {
      var middle = (low + high) >> 1;
      if (items[middle].start <= time) { found = middle; low = middle + 1; } else { high = middle - 1; }
    }
    return found;
  }

  /* One episode: its audio, chapter buttons and (once loaded) transcript, kept in step. */
  function Player(article) {
    var self = this;
    this.audio = article.querySelector("audio");
    this.chapters = [].slice.call(article.querySelectorAll("ol.chapters button")).map(function (button) {
      button.addEventListener("click", function () { seek(self.audio, parseFloat(button.dataset.start)); });
      return { start: parseFloat(button.dataset.start), el: button };
    });
    this.units = [];   // what is marked as it is heard: words, or whole cues where no words are known
    this.box = null;
    this.shown = { unit: null, cue: null, chapter: null };
    this.scrolledAt = -Infinity;
    this.frame = 0;
    var audio = this.audio;
    ["timeupdate", "seeked", "pause", "ended", "loadedmetadata"].forEach(function (name) {
      audio.addEventListener(name, function () { self.update(); });
    });
    audio.addEventListener("play", function () { self.run(); });
  }

  Player.prototype.run = function () {
    var self = this;
    cancelAnimationFrame(this.frame);
    function tick() {
      self.update();
      if (!self.audio.paused && !self.audio.ended) { self.frame = requestAnimationFrame(tick); }
    }
    this.frame = requestAnimationFrame(tick);
  };

  Player.prototype.update = function () {
    var time = this.audio.currentTime;
    var chapter = this.chapters[lastStarted(this.chapters, time)] || null;
    if (chapter !== this.shown.chapter) {
      if (this.shown.chapter) { this.shown.chapter.el.removeAttribute("aria-current"); }
      if (chapter) { chapter.el.setAttribute("aria-current", "true"); }
      this.shown.chapter = chapter;
    }
    if (!this.units.length) { return; }
    var unit = this.units[lastStarted(this.units, time)] || null;
    if (unit === this.shown.unit) { return; }
    if (this.shown.unit) { this.shown.unit.el.classList.remove("now"); }
    var cue = unit ? unit.cue : null;
    if (cue !== this.shown.cue) {
      if (this.shown.cue) { this.shown.cue.classList.remove("now"); this.shown.cue.removeAttribute("aria-current"); }
      if (cue) { cue.classList.add("now"); cue.setAttribute("aria-current", "true"); this.rove(cue, false); }
      this.shown.cue = cue;
    }
    if (unit) { unit.el.classList.add("now"); }
    this.shown.unit = unit;
    if (unit && !this.audio.paused) { this.follow(unit.el); }
  };

  /* Keep the word being heard in view inside the transcript box, about a third of the way
     down; never the page itself, and not while the listener is scrolling the text. */
  Player.prototype.follow = function (el) {
    var box = this.box;
    if (!box || !box.offsetParent || Date.now() - this.scrolledAt < FOLLOW_PAUSE_MS) { return; }
    var top = el.offsetTop, bottom = top + el.offsetHeight;
    if (top >= box.scrollTop + box.clientHeight * 0.15 && bottom <= box.scrollTop + box.clientHeight * 0.85) { return; }
    var target = Math.max(0, top - box.clientHeight / 3);
    box.scrollTo({ top: target, behavior: reduceMotion && reduceMotion.matches ? "auto" : "smooth" });
  };

  /* One sentence in the tab order (roving tabindex): the one being heard, or in focus. */
  Player.prototype.rove = function (cue, focus) {
    if (this.tabStop && this.tabStop !== cue) { this.tabStop.tabIndex = -1; }
    cue.tabIndex = 0;
    this.tabStop = cue;
    if (focus) { cue.focus({ preventScroll: false }); }
  };

  Player.prototype.show = function (box, cues) {
    var self = this, paragraph = null, cueEls = [];
    box.textContent = "";
    this.box = box;
    this.units = [];
    cues.forEach(function (cue, index) {
      if (!paragraph || cue.paragraph) { paragraph = box.appendChild(document.createElement("p")); }
      if (paragraph.childNodes.length) { paragraph.appendChild(document.createTextNode(" ")); }
      var span = paragraph.appendChild(document.createElement("span"));
      span.className = "cue";
      span.dataset.start = cue.start;
      span.setAttribute("role", "button");
      span.tabIndex = index === 0 ? 0 : -1;
      var words = Array.isArray(cue.words) ? cue.words : [];
      if (!words.length) {
        span.textContent = cue.text;
        self.units.push({ start: cue.start, el: span, cue: span });
      } else {
        self.addWords(span, cue.text, words);
      }
      cueEls.push(span);
    });
    this.tabStop = cueEls[0] || null;
    this.cueEls = cueEls;
    box.addEventListener("click", function (event) {
      var target = event.target.closest ? event.target.closest(".w, .cue") : null;
      if (target && box.contains(target)) { seek(self.audio, parseFloat(target.dataset.start)); }
    });
    box.addEventListener("keydown", function (event) { self.key(event); });
    ["wheel", "touchmove"].forEach(function (name) {
      box.addEventListener(name, function () { self.scrolledAt = Date.now(); }, { passive: true });
    });
    this.update();
  };

  /* The cue's text as it is, with each timed word in a span of its own. */
  Player.prototype.addWords = function (span, text, words) {
    var at = 0, self = this;
    words.forEach(function (word) {
      var found = text.indexOf(word[2], at);
      if (found > at) { span.appendChild(document.createTextNode(text.slice(at, found))); }
      var el = span.appendChild(document.createElement("span"));
      el.className = "w";
      el.textContent = word[2];
      el.dataset.start = word[0];
      self.units.push({ start: word[0], el: el, cue: span });
      if (found >= 0) { at = found + word[2].length; } // a word not in the text (never, from narrate) is shown where it falls
    });
    if (at < text.length) { span.appendChild(document.createTextNode(text.slice(at))); }
  };

  Player.prototype.key = function (event) {
    var cue = event.target.closest ? event.target.closest(".cue") : null;
    if (!cue) { return; }
    var index = this.cueEls.indexOf(cue), next = null;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      seek(this.audio, parseFloat(cue.dataset.start));
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowRight") { next = this.cueEls[index + 1]; }
    else if (event.key === "ArrowUp" || event.key === "ArrowLeft") { next = this.cueEls[index - 1]; }
    else if (event.key === "Home") { next = this.cueEls[0]; }
    else if (event.key === "End") { next = this.cueEls[this.cueEls.length - 1]; }
    else { return; }
    event.preventDefault();
    if (next) { this.scrolledAt = Date.now(); this.rove(next, true); }
  };

  document.querySelectorAll("article").forEach(function (article) {
    if (!article.querySelector("audio")) { return; }
    var player = new Player(article);
    var details = article.querySelector("details.transcript");
    if (!details) { return; }
    details.addEventListener("toggle", function () {
      var box = details.querySelector(".text");
      if (!details.open || box.dataset.loaded) { return; }
      box.dataset.loaded = "1";
      box.textContent = "Loading\u2026";
      fetch(details.dataset.src).then(function (response) {
        if (!response.ok) { throw new Error(response.status); }
        return response.json();
      }).then(function (data) {
        if (Array.isArray(data.cues)) { player.show(box, data.cues); return; }
        box.textContent = "";
        box.appendChild(document.createElement("pre")).textContent = data.text;
      }).catch(function () {
        box.textContent = "The transcript could not be loaded: close and open it to try again.";
        delete box.dataset.loaded;
      });
    });
  });
})();
