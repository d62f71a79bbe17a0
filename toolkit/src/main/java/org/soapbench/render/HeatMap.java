package org.soapbench.render;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Locale;

/**
 * A grid of ratios to a reference, one row per series (stack) and one column per category
 * (configuration), each cell coloured on a log scale (blue below 1, red above, full at 4× either
 * way) and labelled with its value. A cell whose interval includes 1 stays white: colour is kept for
 * differences the intervals show. Drawn with Java2D, since XChart's heat map can neither write a
 * value in each cell nor leave the undistinguished ones uncoloured.
 */
final class HeatMap {

    /** Ratios this far from 1 (either way) take the scale's full colour. */
    static final double FULL = 4;

    private static final Color FASTER = new Color(0x2166ac);
    private static final Color SLOWER = new Color(0xb2182b);
    private static final int LEFT = 130;
    private static final int TOP = 60;
    private static final int ROW = 44;
    private static final int LEGEND = 90;

    private HeatMap() {
    }

    static BufferedImage draw(String title, List<ChartPoint> points, int width) {
        List<String> rows = points.stream().map(ChartPoint::series).distinct().toList();
        List<String> columns = points.stream().map(ChartPoint::category).distinct().toList();
        int cell = (width - LEFT - 20) / Math.max(1, columns.size());
        int height = TOP + 30 + rows.size() * ROW + LEGEND;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        centred(g, title, width / 2, 28);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        for (int c = 0; c < columns.size(); c++) {
            centred(g, columns.get(c), LEFT + c * cell + cell / 2, TOP + 18);
        }
        for (int r = 0; r < rows.size(); r++) {
            int y = TOP + 30 + r * ROW;
            g.setColor(Color.BLACK);
            g.drawString(rows.get(r), 10, y + ROW / 2 + 5);
            for (int c = 0; c < columns.size(); c++) {
                String row = rows.get(r);
                String column = columns.get(c);
                ChartPoint p = points.stream().filter(q -> q.series().equals(row) && q.category().equals(column)).findFirst().orElse(null);
                int x = LEFT + c * cell;
                Color fill = p == null ? new Color(0xeeeeee) : colour(p);
                g.setColor(fill);
                g.fillRect(x, y, cell, ROW);
                g.setColor(new Color(0xcccccc));
                g.setStroke(new BasicStroke(1f));
                g.drawRect(x, y, cell, ROW);
                if (p != null) {
                    g.setColor(dark(fill) ? Color.WHITE : Color.BLACK);
                    centred(g, label(p), x + cell / 2, y + ROW / 2 + 5);
                }
            }
        }
        legend(g, LEFT, TOP + 30 + rows.size() * ROW + 25, width - LEFT - 20);
        g.dispose();
        return image;
    }

    /** The cell's colour: white unless its interval excludes 1 (a reference has none), then by distance from 1. */
    static Color colour(ChartPoint p) {
        boolean apart = p.hasInterval() && (p.low() > 1 || p.high() < 1);
        return apart ? shade(p.value()) : Color.WHITE;
    }

    private static Color shade(double ratio) {
        double t = Math.min(1, Math.abs(Math.log(ratio)) / Math.log(FULL));
        Color end = ratio < 1 ? FASTER : SLOWER;
        // At least a fifth of the way, so a cell that is apart never looks white.
        double s = 0.2 + 0.8 * t;
        return new Color((int) Math.round(255 + (end.getRed() - 255) * s), (int) Math.round(255 + (end.getGreen() - 255) * s),
                (int) Math.round(255 + (end.getBlue() - 255) * s));
    }

    private static String label(ChartPoint p) {
        boolean reference = !p.hasInterval() && p.value() == 1;
        return reference ? "1 (reference)" : String.format(Locale.ROOT, "%.2f", p.value()) + (colour(p).equals(Color.WHITE) ? " ≈" : "");
    }

    private static void legend(Graphics2D g, int x, int y, int width) {
        int bar = Math.min(420, width / 2);
        for (int i = 0; i < bar; i++) {
            double ratio = Math.pow(FULL, 2.0 * i / (bar - 1) - 1);
            g.setColor(Math.abs(Math.log(ratio)) < 1e-9 ? Color.WHITE : shade(ratio));
            g.fillRect(x + i, y, 1, 16);
        }
        g.setColor(Color.GRAY);
        g.drawRect(x, y, bar, 16);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        String[] ticks = {"0.25", "0.5", "1", "2", "4"};
        for (int i = 0; i < ticks.length; i++) {
            int tx = x + (int) Math.round(i * (bar - 1) / 4.0);
            g.drawLine(tx, y + 16, tx, y + 20);
            centred(g, ticks[i], tx, y + 33);
        }
        g.drawString("faster ←  time / reference's time  → slower", x, y - 6);
        g.drawString("white, ≈: interval includes 1 (not distinguishable)", x + bar + 20, y + 13);
    }

    private static boolean dark(Color c) {
        return 0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue() < 140;
    }

    private static void centred(Graphics2D g, String text, int cx, int baseline) {
        FontMetrics m = g.getFontMetrics();
        g.drawString(text, cx - m.stringWidth(text) / 2, baseline);
    }
}
