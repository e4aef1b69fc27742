/* fatekit page bundle of sources 614e4733c38414751678e169e9e952f48c01935602571f7cbad1b2ebc8f169f9 */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j,P as k,Q as l,R as m}from"./chunk-UE7YOD3K.js";export{a as app,i as errorText,f as notify,d as openSeat,j as pressed,g as redraw,h as ruleReason,c as seatExtras,b as seatView,m as send,l as showError,k as showErrorBeside,e as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
