/* global document */
/*
 * The reference chat-support widget. The app adds this file as an async <script> with data
 * attributes: the id of the container it made (placed, stacked and hidden by the app), and the
 * texts in the page's language. A bubble button opens a panel; Escape or Close shuts it and gives
 * focus back to the bubble. No inline code, no eval: it runs under the app's Content-Security-Policy.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script) return;
  var data = script.dataset;
  var root = document.getElementById(data.root || '');
  if (!root) return;

  var panelId = root.id + '-panel';
  var bubble = document.createElement('button');
  bubble.type = 'button';
  bubble.className = 'support-chat-bubble';
  bubble.textContent = data.labelOpen || 'Chat';
  bubble.setAttribute('aria-expanded', 'false');
  bubble.setAttribute('aria-controls', panelId);

  var panel = document.createElement('section');
  panel.id = panelId;
  panel.className = 'support-chat-panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', data.labelTitle || 'Customer care chat');
  panel.hidden = true;

  var title = document.createElement('h2');
  title.textContent = data.labelTitle || 'Customer care chat';
  var intro = document.createElement('p');
  intro.textContent = data.labelIntro || '';
  var close = document.createElement('button');
  close.type = 'button';
  close.className = 'support-chat-close';
  close.textContent = data.labelClose || 'Close';
  panel.append(title, intro, close);

  function open() {
    panel.hidden = false;
    bubble.setAttribute('aria-expanded', 'true');
    close.focus();
  }
  function shut() {
    if (panel.hidden) return;
    panel.hidden = true;
    bubble.setAttribute('aria-expanded', 'false');
    bubble.focus();
  }
  bubble.addEventListener('click', function () {
    if (panel.hidden) open();
    else shut();
  });
  close.addEventListener('click', shut);
  root.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') shut();
  });

  root.append(panel, bubble);
  root.dataset.state = 'ready';
})();
