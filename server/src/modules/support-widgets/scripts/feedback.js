/* global document, location */
/*
 * The reference feedback widget of one locale (the server fills in __LOCALE__). The app adds it
 * as an async <script> with data attributes: its container, the widget id (the mobile id on
 * phones) and the texts. A button opens a small form that posts to the server beside this
 * script; Escape or Close shuts it and gives focus back. No inline code, no eval.
 */
(function (locale) {
  'use strict';
  var script = document.currentScript;
  if (!script) return;
  var data = script.dataset;
  var root = document.getElementById(data.root || '');
  if (!root) return;
  var endpoint = new URL('../feedback', script.src).href;

  var panelId = root.id + '-panel';
  var toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'support-feedback-toggle';
  toggle.textContent = data.labelOpen || 'Feedback';
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', panelId);

  var form = document.createElement('form');
  form.id = panelId;
  form.className = 'support-feedback-panel';
  form.setAttribute('aria-label', data.labelTitle || 'Feedback');
  form.hidden = true;
  var label = document.createElement('label');
  label.htmlFor = panelId + '-message';
  label.textContent = data.labelMessage || 'Your feedback';
  var message = document.createElement('textarea');
  message.id = panelId + '-message';
  message.required = true;
  message.maxLength = 2000;
  message.rows = 4;
  var send = document.createElement('button');
  send.type = 'submit';
  send.textContent = data.labelSend || 'Send';
  var close = document.createElement('button');
  close.type = 'button';
  close.textContent = data.labelClose || 'Close';
  var status = document.createElement('p');
  status.setAttribute('role', 'status');
  form.append(label, message, send, close, status);

  function open() {
    form.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    message.focus();
  }
  function shut() {
    if (form.hidden) return;
    form.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    toggle.focus();
  }
  toggle.addEventListener('click', function () {
    if (form.hidden) open();
    else shut();
  });
  close.addEventListener('click', shut);
  root.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') shut();
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    send.disabled = true;
    fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        widgetId: data.widgetId || '',
        locale: locale,
        message: message.value,
        page: location.pathname,
      }),
    })
      .then(function (response) {
        if (!response.ok) throw new Error('Feedback refused: ' + response.status);
        message.value = '';
        status.textContent = data.labelThanks || 'Thank you';
      })
      .catch(function () {
        status.textContent = data.labelError || 'Not sent';
      })
      .finally(function () {
        send.disabled = false;
      });
  });

  root.append(form, toggle);
  root.dataset.state = 'ready';
})('__LOCALE__');
