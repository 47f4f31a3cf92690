/**
 * A turning unit's facing drawn on its disc: a pale wedge from the centre to the rim the way it
 * faces (LoRR's robots move only forward, so the wedge says where it goes next), with a dark
 * edge so it shows on every unit colour.
 */
export function drawHeadingWedge(context: CanvasRenderingContext2D, x: number, y: number, radius: number, angle: number): void {
  const tip = radius * 0.95;
  const back = radius * 0.6;
  const spread = 1.9; // radians either side of the facing for the wedge's back corners
  context.beginPath();
  context.moveTo(x + Math.cos(angle) * tip, y + Math.sin(angle) * tip);
  context.lineTo(x + Math.cos(angle + spread) * back, y + Math.sin(angle + spread) * back);
  context.lineTo(x + Math.cos(angle - spread) * back, y + Math.sin(angle - spread) * back);
  context.closePath();
  context.fillStyle = 'rgba(255, 255, 255, 0.92)';
  context.fill();
  if (radius >= 5) {
    context.strokeStyle = 'rgba(17, 19, 24, 0.8)';
    context.lineWidth = Math.max(0.75, radius * 0.08);
    context.stroke();
  }
}
