import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';

// The home-screen icon for iOS (a PNG; iOS ignores SVG icons), drawn from app/icon.svg at build
// time.
export const size = { width: 180, height: 180 };
export const contentType = 'image/png';

export default async function AppleIcon() {
  const svg = await readFile(path.join(process.cwd(), 'app', 'icon.svg'));
  const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#fff4e4',
      }}
    >
      <img src={src} width={180} height={180} alt="" />
    </div>,
    size,
  );
}
