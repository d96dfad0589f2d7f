// One drawing module per game: `size` (the table's width in card widths and its usual height in
// card heights, to size the cards) and `draw(view, {show}) -> Element` from the kit's view.

import * as canfield from './canfield.js';
import * as freecell from './freecell.js';
import * as gaps from './gaps.js';
import * as klondike from './klondike.js';
import * as labellelucie from './labellelucie.js';
import * as pyramid from './pyramid.js';
import * as spider from './spider.js';
import * as tripeaks from './tripeaks.js';

export const DRAW = { klondike, freecell, canfield, tripeaks, pyramid, spider, labellelucie, gaps };
