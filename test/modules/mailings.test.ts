import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

// M1–M4 through the API: folders, the mailing object and its status rules, templates (Liquid,
// MJML) checked at save, previews. Sending is in mailings-sending.test.ts. No SMTP_URL here.

const t = await buildTestApp();
t.clock.set('2026-06-01T10:00:00Z');

const segment = expectOk(await t.post('/apiv3/segments', { title: 'Everyone', definition: { all: [{ field: 'email', op: 'is_set' }] } }), 201);
const ada = await createUser(t, { email: 'ada@example.com', first_name: 'Ada' });

async function mailing(body: Record<string, unknown> = {}) {
  return expectOk(await t.post('/apiv3/mailings', { name: 'June news', subject: 'Hello {{ customer.first_name }}', body: '<p>Hi</p>', ...body }), 201);
}

describe('mailing folders (M1)', () => {
  it('creates, lists in name order, renames and deletes folders; names are unique; mailings stay', async () => {
    const b = expectOk(await t.post('/apiv3/mailingfolders', { name: 'Newsletters' }), 201);
    assert.deepEqual(b, { id: b.id, name: 'Newsletters', mailings: 0, createtime: '2026-06-01 10:00:00', updatetime: '2026-06-01 10:00:00' });
    const a = expectOk(await t.post('/apiv3/mailingfolders', { name: 'Alerts' }), 201);
    expectError(await t.post('/apiv3/mailingfolders', { name: 'Newsletters' }), 400, 'bad_request', /^name: .*unique/);
    expectError(await t.post('/apiv3/mailingfolders', { name: '  ' }), 400, 'bad_request', /^name: must not be blank/);
    expectError(await t.post('/apiv3/mailingfolders', {}), 400, 'bad_request', /name/);
    const names = expectOk(await t.get('/apiv3/mailingfolders')).map((f: any) => f.name);
    assert.deepEqual(names.slice(0, 2), ['Alerts', 'Newsletters']);
    expectError(await t.put(`/apiv3/mailingfolders/${a.id}`, { name: 'Newsletters' }), 400, 'bad_request', /^name: /);
    assert.equal(expectOk(await t.put(`/apiv3/mailingfolders/${a.id}`, { name: 'Alerts 2' })).name, 'Alerts 2');
    const m = await mailing({ folder_id: b.id });
    assert.equal(expectOk(await t.get(`/apiv3/mailingfolders/${b.id}`)).mailings, 1);
    assert.deepEqual(expectOk(await t.delete(`/apiv3/mailingfolders/${b.id}`)), { id: b.id, deleted: true });
    expectError(await t.get(`/apiv3/mailingfolders/${b.id}`), 404, 'not_found');
    expectError(await t.delete(`/apiv3/mailingfolders/${b.id}`), 404, 'not_found');
    expectError(await t.put(`/apiv3/mailingfolders/999999`, { name: 'x' }), 404, 'not_found');
    assert.equal(expectOk(await t.get(`/apiv3/mailings/${m.id}`)).folder_id, null, 'the mailing stays, without a folder');
  });

  it("another account's folder is not found", async () => {
    const other = await t.newAccount('folders-other');
    const f = expectOk(await t.post('/apiv3/mailingfolders', { name: 'Theirs' }, { key: other.key }), 201);
    expectError(await t.get(`/apiv3/mailingfolders/${f.id}`), 404, 'not_found');
    expectError(await t.post('/apiv3/mailings', { name: 'x', subject: 's', body: 'b', folder_id: f.id }), 400, 'bad_request', /^folder_id: /);
  });
});

describe('mailings (M2)', () => {
  it('creates a draft with its defaults', async () => {
    const m = await mailing({ segment_id: segment.id });
    assert.deepEqual(m, {
      id: m.id,
      name: 'June news',
      folder_id: null,
      subject: 'Hello {{ customer.first_name }}',
      preheader: null,
      from_name: 'Rapport',
      from_email: 'rapport@localhost',
      reply_to: null,
      format: 'html',
      body: '<p>Hi</p>',
      text: 'Hi',
      segment_id: segment.id,
      tracking: { opens: false, clicks: false },
      status: 'draft',
      send_at: null,
      started_at: null,
      finished_at: null,
      stats: { recipients: 0, pending: 0, sent: 0, failed: 0, bounced: 0, suppressed: 0, opened: 0, clicked: 0, unsubscribed: 0 },
      createtime: '2026-06-01 10:00:00',
      updatetime: '2026-06-01 10:00:00',
    });
  });

  it('refuses missing and invalid fields, naming them', async () => {
    expectError(await t.post('/apiv3/mailings', { subject: 's', body: 'b' }), 400, 'bad_request', /name/);
    expectError(await t.post('/apiv3/mailings', { name: 'n', body: 'b' }), 400, 'bad_request', /subject/);
    expectError(await t.post('/apiv3/mailings', { name: 'n', subject: 's' }), 400, 'bad_request', /body/);
    expectError(await t.post('/apiv3/mailings', { name: 'n', subject: 's', body: 'b', from_email: 'not-an-address' }), 400, 'bad_request', /^from_email: /);
    expectError(await t.post('/apiv3/mailings', { name: 'n', subject: 's', body: 'b', format: 'markdown' }), 400, 'bad_request', /format/);
    expectError(await t.post('/apiv3/mailings', { name: 'n', subject: 's', body: 'b', segment_id: 999999 }), 400, 'bad_request', /^segment_id: /);
    expectError(await t.get('/apiv3/mailings/999999'), 404, 'not_found');
    expectError(await t.get('/apiv3/mailings?status=done'), 400, 'bad_request', /status/);
  });

  it('changes a draft partially; null clears folder_id, segment_id, preheader and reply_to', async () => {
    const folder = expectOk(await t.post('/apiv3/mailingfolders', { name: 'For PUT' }), 201);
    const m = await mailing({ folder_id: folder.id, segment_id: segment.id, preheader: 'Read me', reply_to: 'Help@Example.com' });
    assert.equal(m.reply_to, 'help@example.com');
    t.clock.set('2026-06-01T10:05:00Z');
    const changed = expectOk(await t.put(`/apiv3/mailings/${m.id}`, { name: 'Renamed', folder_id: null, segment_id: null, preheader: null, reply_to: null }));
    assert.deepEqual(
      [changed.name, changed.folder_id, changed.segment_id, changed.preheader, changed.reply_to, changed.subject, changed.updatetime],
      ['Renamed', null, null, null, null, m.subject, '2026-06-01 10:05:00'],
    );
    const kept = expectOk(await t.put(`/apiv3/mailings/${m.id}`, { tracking: { opens: true } }));
    assert.deepEqual(kept.tracking, { opens: true, clicks: false });
    expectError(await t.put(`/apiv3/mailings/${m.id}`, { name: '' }), 400, 'bad_request', /name/);
    expectError(await t.put('/apiv3/mailings/999999', { name: 'x' }), 404, 'not_found');
    t.clock.set('2026-06-01T10:00:00Z');
  });

  it('lists newest first with folder, status and search filters; copies; deletes', async () => {
    const folder = expectOk(await t.post('/apiv3/mailingfolders', { name: 'Listing' }), 201);
    const one = await mailing({ name: 'Été promo', folder_id: folder.id });
    const two = await mailing({ name: 'Winter promo', folder_id: folder.id });
    const listed = expectOk(await t.get(`/apiv3/mailings?folder_id=${folder.id}`)).map((m: any) => m.id);
    assert.deepEqual(listed, [two.id, one.id]);
    assert.deepEqual(expectOk(await t.get(`/apiv3/mailings?folder_id=${folder.id}&search=ete`)).map((m: any) => m.id), [one.id]);
    assert.ok(expectOk(await t.get('/apiv3/mailings?status=draft&limit=100')).every((m: any) => m.status === 'draft'));
    const copy = expectOk(await t.post(`/apiv3/mailings/${one.id}/copy`), 201);
    assert.deepEqual([copy.name, copy.status, copy.body, copy.folder_id], ['Été promo (copy)', 'draft', one.body, folder.id]);
    assert.notEqual(copy.id, one.id);
    assert.deepEqual(expectOk(await t.delete(`/apiv3/mailings/${copy.id}`)), { id: copy.id, deleted: true });
    expectError(await t.delete(`/apiv3/mailings/${copy.id}`), 404, 'not_found');
    expectError(await t.post('/apiv3/mailings/999999/copy'), 404, 'not_found');
  });

  it("another account's mailing is not found", async () => {
    const other = await t.newAccount('mailings-other');
    const theirs = expectOk(await t.post('/apiv3/mailings', { name: 'x', subject: 's', body: 'b' }, { key: other.key }), 201);
    expectError(await t.get(`/apiv3/mailings/${theirs.id}`), 404, 'not_found');
    expectError(await t.put(`/apiv3/mailings/${theirs.id}`, { name: 'mine' }), 404, 'not_found');
    expectError(await t.delete(`/apiv3/mailings/${theirs.id}`), 404, 'not_found');
    assert.ok(!expectOk(await t.get('/apiv3/mailings?limit=100')).some((m: any) => m.id === theirs.id));
  });

  it('send and test without SMTP_URL are 400 saying so; nothing is queued', async () => {
    const m = await mailing({ segment_id: segment.id });
    expectError(await t.post(`/apiv3/mailings/${m.id}/send`, {}), 400, 'bad_request', /SMTP_URL is not configured/);
    expectError(await t.post(`/apiv3/mailings/${m.id}/test`, { emails: ['a@example.com'] }), 400, 'bad_request', /SMTP_URL is not configured/);
    assert.equal(expectOk(await t.get(`/apiv3/mailings/${m.id}`)).status, 'draft');
  });
});

describe('templates (M3) and previews (M4)', () => {
  it('a template that does not parse is 400 naming the field, line and column', async () => {
    expectError(await t.post('/apiv3/mailings', { name: 'n', subject: 'Hi {{ customer.first_name', body: 'b' }), 400, 'bad_request', /^subject: .*line 1, column \d+/);
    expectError(
      await t.post('/apiv3/mailings', { name: 'n', subject: 's', body: '<p>one</p>\n<p>{% if customer.first_name %}two</p>' }),
      400,
      'bad_request',
      /^body: .*line 2, column 4/,
    );
    expectError(await t.post('/apiv3/mailings', { name: 'n', subject: 's', body: 'b', text: '{{ x | no_such_filter }}' }), 400, 'bad_request', /^text: .*line 1, column 1/);
    expectError(await t.post('/apiv3/mailings', { name: 'n', subject: 's', body: 'b', preheader: '{% endfor %}' }), 400, 'bad_request', /^preheader: /);
  });

  it('reads no file: include, render and layout are refused at save', async () => {
    for (const tag of ['{% include "/etc/passwd" %}', "{% render 'x' %}", '{% layout "a" %}']) {
      expectError(await t.post('/apiv3/mailings', { name: 'n', subject: 's', body: tag }), 400, 'bad_request', /^body: .*templates read no files/);
    }
  });

  it('MJML is compiled at save; MJML that does not compile is 400 naming the field and line', async () => {
    const body = '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{ customer.first_name }} <a href="https://shop.example.com/sale">sale</a></mj-text></mj-column></mj-section></mj-body></mjml>';
    const m = await mailing({ format: 'mjml', body, segment_id: segment.id });
    assert.equal(m.body, body, 'the source is kept as given');
    const preview = expectOk(await t.post(`/apiv3/mailings/${m.id}/preview`, { userapp_id: ada.userapp_id }));
    assert.match(preview.html, /<!doctype html>/i);
    assert.match(preview.html, /Hello Ada/);
    expectError(
      await t.post('/apiv3/mailings', { name: 'n', subject: 's', format: 'mjml', body: '<mjml><mj-body>\n<mj-section><mj-bogus>x</mj-bogus></mj-section></mj-body></mjml>' }),
      400,
      'bad_request',
      /^body: does not compile as MJML: line 2/,
    );
  });

  it('renders for a customer: unknown variables empty, the unsubscribe footer added, the plain part from the HTML', async () => {
    const m = await mailing({
      subject: 'Hi {{ customer.first_name | default: "there" }}{{ customer.nothing.deeper }}',
      preheader: 'For {{ account.name }}',
      body: '<html><body><h1>Hello {{ customer.first_name }}</h1><p>{{ no_such_variable }}Mailing {{ mailing.name }}</p></body></html>',
      segment_id: segment.id,
    });
    const preview = expectOk(await t.post(`/apiv3/mailings/${m.id}/preview`, { userapp_id: ada.userapp_id }));
    assert.equal(preview.subject, 'Hi Ada');
    assert.equal(preview.preheader, 'For main');
    assert.match(preview.html, /<h1>Hello Ada<\/h1><p>Mailing June news<\/p>/);
    assert.match(preview.html, /<a href="http:\/\/127\.0\.0\.1:8080\/m\/u\/[^"]+">Unsubscribe<\/a>/);
    assert.match(preview.text, /Hello Ada/);
    assert.match(preview.text, /Unsubscribe: http:\/\/127\.0\.0\.1:8080\/m\/u\//);
    // Default customer: the segment's first member; without a segment, sample values.
    const first = expectOk(await t.post(`/apiv3/mailings/${m.id}/preview`));
    assert.equal(first.subject, 'Hi Ada');
    const bare = await mailing({ subject: '{{ customer.first_name }}' });
    assert.equal(expectOk(await t.post(`/apiv3/mailings/${bare.id}/preview`, {})).subject, 'Alex');
    expectError(await t.post(`/apiv3/mailings/${m.id}/preview`, { userapp_id: 999999 }), 404, 'not_found');
    expectError(await t.post('/apiv3/mailings/999999/preview', {}), 404, 'not_found');
  });

  it('a preview leaves out the open-tracking image; its tracked links stay', async () => {
    const m = await mailing({ body: '<html><body><p><a href="https://shop.example.com/sale">Sale</a></p></body></html>', tracking: { opens: true, clicks: true } });
    const preview = expectOk(await t.post(`/apiv3/mailings/${m.id}/preview`, {}));
    assert.doesNotMatch(preview.html, /\/m\/o\//);
    assert.match(preview.html, /<a href="http:\/\/127\.0\.0\.1:8080\/m\/c\/[^"]+\/0">Sale<\/a>/);
  });

  it('the date filter formats stored dates and times as UTC, whatever time zone the server runs in', async () => {
    const born = await createUser(t, { email: 'born@example.com', birthdate: '1990-05-17' });
    const m = await mailing({ subject: '{{ customer.birthdate | date: "%B %-d" }} / {{ customer.createtime | date: "%Y-%m-%d %H:%M" }}', body: '<p>x</p>' });
    const stored = expectOk(await t.get(`/apiv3/users/${born.userapp_id}`)).createtime as string;
    const zone = process.env.TZ;
    try {
      for (const tz of ['UTC', 'America/Argentina/Buenos_Aires', 'Asia/Tokyo']) {
        process.env.TZ = tz;
        const preview = expectOk(await t.post(`/apiv3/mailings/${m.id}/preview`, { userapp_id: born.userapp_id }));
        assert.equal(preview.subject, `May 17 / ${stored.slice(0, 16).replace('T', ' ')}`, tz);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('a body with its own unsubscribe link gets no footer; properties are own properties only', async () => {
    const m = await mailing({ body: '<a href="{{ unsubscribe_url }}">leave</a>{{ customer.constructor }}{{ customer.__proto__ }}{{ "x" | size }}' });
    const preview = expectOk(await t.post(`/apiv3/mailings/${m.id}/preview`, { userapp_id: ada.userapp_id }));
    assert.doesNotMatch(preview.html, />Unsubscribe</);
    assert.match(preview.html, /^<a href="http:\/\/127\.0\.0\.1:8080\/m\/u\/[^"]+">leave<\/a>1$/);
  });

  it('a template that loops too long or grows too large fails at render, and the process keeps answering', async () => {
    const m = await mailing({ body: '{% for a in (1..100000) %}{% for b in (1..100000) %}{{ a }}{% endfor %}{% endfor %}' });
    const started = Date.now();
    const response = await t.post(`/apiv3/mailings/${m.id}/preview`, { userapp_id: ada.userapp_id });
    assert.ok(Date.now() - started < 5000, 'stopped by the limits');
    expectError(response, 400, 'bad_request', /^body: does not render: /);
    expectOk(await t.get('/apiv3/mailings?limit=1'));
  });
});
