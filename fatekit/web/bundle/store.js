/* fatekit page bundle of sources 6cc99112f719c55c76c3ebddd556e2d4c9f8b1058bdc2ba7761d8c108f962019 */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j,P as k,Q as l}from"./chunk-KDQUQHNE.js";export{a as app,h as errorText,e as notify,c as openSeat,i as pressed,f as redraw,g as ruleReason,b as seatView,l as send,k as showError,j as showErrorBeside,d as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
