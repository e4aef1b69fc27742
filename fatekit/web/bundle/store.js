/* fatekit page bundle of sources 35caab94c30032b909c369aae21ef7a86f445eb1a7a02b84e25d7ab2eb0ef075 */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j,P as k,Q as l,R as m}from"./chunk-PPUSL2F2.js";export{a as app,i as errorText,f as notify,d as openSeat,j as pressed,g as redraw,h as ruleReason,c as seatExtras,b as seatView,m as send,l as showError,k as showErrorBeside,e as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
