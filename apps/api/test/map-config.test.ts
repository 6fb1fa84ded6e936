import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { firstTileUrl } from '../src/modules/map/map.service.ts';
import { createTestApp } from './helpers/test-app.ts';

/** Issue 12: MAP_TILE_URL at run time, and no tile URL while the tiles do not answer. */

let tiles: Server;
let tileBase = '';
const asked: string[] = [];

beforeAll(async () => {
  tiles = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === '/tiles/0/0/0.png') res.writeHead(200, { 'content-type': 'image/png' }).end('png');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
  tileBase = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => tiles.close(() => resolve())));

async function mapConfig(env: Record<string, string>) {
  const t = await createTestApp({ env });
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/map' });
    expect(res.statusCode).toBe(200);
    return res.json() as { tile_url: string | null; attribution: string };
  } finally {
    await t.close();
  }
}

// Each case starts a whole app (a database of its own) once or twice: 5-10 s on a quiet machine,
// and over 30 s on a loaded one (the default timeout failed under load).
describe('map tiles', { timeout: 120_000 }, () => {
  it('gives the configured tiles and attribution when the tile server answers', async () => {
    const url = `${tileBase}/tiles/{z}/{x}/{y}.png`;
    expect(await mapConfig({ MAP_TILE_URL: url, MAP_TILE_ATTRIBUTION: '&copy; Test tiles' })).toEqual({
      tile_url: url,
      attribution: '&copy; Test tiles',
    });
    expect(asked).toContain('/tiles/0/0/0.png');
  });

  it('gives no tile URL while the tile server does not answer, so browsers request no tiles', async () => {
    expect(await mapConfig({ MAP_TILE_URL: `${tileBase}/missing/{z}/{x}/{y}.png` })).toEqual({
      tile_url: null,
      attribution: '',
    });
    expect(await mapConfig({ MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' })).toMatchObject({
      tile_url: null,
    });
  });

  it('MAP_TILE_URL=none turns tiles off without asking anyone', async () => {
    const before = asked.length;
    expect(await mapConfig({ MAP_TILE_URL: 'none' })).toEqual({ tile_url: null, attribution: '' });
    expect(asked.length).toBe(before);
  });

  it('defaults to OpenStreetMap with its attribution, and refuses a malformed template at start', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(config.map.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.map.attribution).toContain('OpenStreetMap');
    expect(() => loadConfig({ MAP_TILE_URL: 'tiles.example.com/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/{z}.png' })).toThrow(/MAP_TILE_URL/);
    expect(firstTileUrl('https://{s}.tile.example.com/{z}/{x}/{y}{r}.png')).toBe(
      'https://a.tile.example.com/0/0/0.png',
    );
  });
});
